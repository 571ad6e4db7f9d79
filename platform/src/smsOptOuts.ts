import { sql } from 'kysely';
import type { Db } from './db.ts';

/**
 * Whether the user `u` of a query may not be texted (docs/messages.md "STOP"): the account said
 * STOP, or its number is on the opt-out list. What the messages worker checks at send time, read
 * ahead by the screens that count or show it (the bidders list, the announcements' reach) and by
 * an announcement's queuing.
 */
export const userSmsStopped = sql<boolean>`(u.sent_stop_date IS NOT NULL OR EXISTS (
  SELECT 1 FROM sms_opt_outs o WHERE o.phone_number = u.phone_number))`;

/**
 * STOP, wherever it is heard (the inbound SMS webhook, or Twilio's 21610 on a send): the number is
 * kept in sms_opt_outs, whether or not it has an account, and the users with that number get a
 * sentStopDate. START lifts both.
 */
export async function recordSmsStop(db: Db, phone: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sms_opt_outs')
      .values({ phone_number: phone })
      .onConflict((oc) => oc.column('phone_number').doNothing())
      .execute();
    await trx
      .updateTable('users')
      .set({ sent_stop_date: sql`now()` })
      .where('phone_number', '=', phone)
      .where('sent_stop_date', 'is', null)
      .execute();
  });
}

export async function liftSmsStop(db: Db, phone: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sms_opt_outs').where('phone_number', '=', phone).execute();
    await trx.updateTable('users').set({ sent_stop_date: null }).where('phone_number', '=', phone).execute();
  });
}

/** Why this number (or this user) gets no SMS, or null when it may be texted. */
export async function smsStopReason(db: Db, phone: string, userId?: string): Promise<string | null> {
  const optOut = await db
    .selectFrom('sms_opt_outs')
    .select('phone_number')
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  if (optOut) return 'number opted out (STOP)';
  const stoppedUser = await db
    .selectFrom('users')
    .select('id')
    .where('sent_stop_date', 'is not', null)
    .where((eb) =>
      userId && /^[0-9a-f-]{36}$/i.test(userId)
        ? eb.or([eb('phone_number', '=', phone), eb('id', '=', userId)])
        : eb('phone_number', '=', phone),
    )
    .executeTakeFirst();
  return stoppedUser ? 'user has a send stop date' : null;
}
