import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db.ts';
import { listen } from './listen.ts';

export interface SmtpCatcher {
  /** smtp://host:port, the value SMTP_URL takes to send here. */
  url: string;
  stop(): Promise<void>;
}

export interface SmtpCatcherOptions {
  db: Db;
  port: number;
  host?: string;
}

/** Header the email sender sets to the job's id, so a caught message can be traced to its job. */
export const MESSAGE_ID_HEADER = 'X-Message-Id';

/**
 * A local SMTP server that delivers nowhere: every message it accepts is parsed and stored in
 * outbox_messages, one row per envelope recipient, for the outbox page and the tests. No TLS and
 * no authentication: it listens on the loopback interface for local use only.
 */
export async function startSmtpCatcher(options: SmtpCatcherOptions): Promise<SmtpCatcher> {
  const host = options.host ?? '127.0.0.1';
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    banner: 'local SMTP catcher',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        store(options.db, Buffer.concat(chunks), session.envelope).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await listen(server, options.port, host);
  // A client that drops its connection mid-session must not bring the process down.
  server.on('error', () => {});
  return {
    url: `smtp://${host}:${options.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Envelope {
  mailFrom: false | { address: string };
  rcptTo: Array<{ address: string }>;
}

async function store(db: Db, raw: Buffer, envelope: Envelope): Promise<void> {
  const email = await PostalMime.parse(raw);
  const messageId = email.headers.find((h) => h.key === MESSAGE_ID_HEADER.toLowerCase())?.value.trim() || null;
  const from = envelope.mailFrom ? envelope.mailFrom.address : (email.from?.address ?? '');
  const recipients = envelope.rcptTo.map((r) => r.address);
  if (recipients.length === 0) return;
  // What the outbox shows of each attachment: its name, type and size (the bytes are not kept).
  const attachments = JSON.stringify(
    email.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.mimeType,
      size: typeof a.content === 'string' ? a.content.length : a.content.byteLength,
    })),
  );
  await db
    .insertInto('outbox_messages')
    .values(
      recipients.map((to) => ({
        channel: 'email' as const,
        message_id: messageId,
        from_address: from,
        to_address: to,
        subject: email.subject ?? null,
        body: email.text ?? '',
        html: email.html ?? null,
        attachments,
      })),
    )
    .execute();
}
