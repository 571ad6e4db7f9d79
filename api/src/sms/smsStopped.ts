import { sql } from 'kysely';

/**
 * Whether the user `u` of a query may not be texted (docs/messages.md "STOP"): the account said
 * STOP, or its number is on the opt-out list. What the messages worker checks at send time, read
 * ahead by the screens that count or show it (the bidders list, the announcements' reach).
 */
export const userSmsStopped = sql<boolean>`(u.sent_stop_date IS NOT NULL OR EXISTS (
  SELECT 1 FROM sms_opt_outs o WHERE o.phone_number = u.phone_number))`;
