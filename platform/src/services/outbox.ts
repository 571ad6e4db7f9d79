import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { tenDigitPhone } from '../phoneNumber.ts';

/** A message the local SMTP catcher or SMS double received. */
export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  /** Email: the sending job's id (X-Message-Id). SMS: the SM… sid the double answered. */
  messageId: string | null;
  from: string;
  /** An email address, or a phone number as 10 digits. */
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** Email: the files it carried (name, type, size). */
  attachments: Array<{ filename: string; contentType: string; size: number }>;
  receivedAt: Date;
}

export interface OutboxQuery {
  /** Email address (any case) or phone number (any usual form). */
  to?: string;
  /** Only messages a job of this template sent. */
  template?: string;
  /** Only messages received after the one with this id. */
  afterId?: number;
  limit?: number;
}

/** Newest first. */
export async function listOutbox(db: Db, query: OutboxQuery = {}): Promise<OutboxMessage[]> {
  let select = db
    .selectFrom('outbox_messages as o')
    .select([
      'o.id',
      'o.channel',
      'o.message_id',
      'o.from_address',
      'o.to_address',
      'o.subject',
      'o.body',
      'o.html',
      'o.attachments',
    ])
    .select(sql<Date>`o.received_at`.as('received_at'));
  if (query.to !== undefined) {
    const address = query.to.includes('@') ? query.to : (tenDigitPhone(query.to) ?? query.to);
    select = select.where(sql<string>`lower(o.to_address)`, '=', address.toLowerCase());
  }
  if (query.template !== undefined) {
    const template = query.template;
    // The worker records the provider's id (the SMS sid) as the delivery's detail once sent.
    select = select.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('message_deliveries as d')
          .select('d.message_id')
          .where('d.template', '=', template)
          .where((eb) =>
            eb.or([eb('d.message_id', '=', eb.ref('o.message_id')), eb('d.detail', '=', eb.ref('o.message_id'))]),
          ),
      ),
    );
  }
  if (query.afterId !== undefined) select = select.where('o.id', '>', query.afterId);
  const rows = await select
    .orderBy('o.id', 'desc')
    .limit(query.limit ?? 100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    messageId: row.message_id,
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    html: row.html,
    attachments: row.attachments ?? [],
    receivedAt: row.received_at,
  }));
}
