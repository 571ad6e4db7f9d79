import { type Kysely, sql } from 'kysely';

/**
 * Web Push, the third channel of outbid and winner notices (docs/messages.md "Web Push").
 *
 * - push_subscriptions: the browsers a user allowed to show notifications, as the Push API gives
 *   them (endpoint, and the keys the payload is encrypted for). An endpoint belongs to one browser,
 *   so it is unique: subscribing again from it replaces the row, whoever had it.
 * - users.push_outbid_notifications / push_general_notifications: the push switches beside the SMS
 *   and email ones (outbid notices follow the first, the winner's notice the second). On by default:
 *   nothing is pushed to a user who has not subscribed a browser, which is itself a choice.
 * - message_deliveries records push deliveries too (one row per notice, whatever the browsers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
    ALTER TABLE users
      ADD COLUMN push_outbid_notifications boolean NOT NULL DEFAULT true,
      ADD COLUMN push_general_notifications boolean NOT NULL DEFAULT true;
    ALTER TABLE message_deliveries DROP CONSTRAINT message_deliveries_channel_check;
    ALTER TABLE message_deliveries ADD CONSTRAINT message_deliveries_channel_check
      CHECK (channel IN ('email', 'sms', 'push'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM message_deliveries WHERE channel = 'push';
    ALTER TABLE message_deliveries DROP CONSTRAINT message_deliveries_channel_check;
    ALTER TABLE message_deliveries ADD CONSTRAINT message_deliveries_channel_check CHECK (channel IN ('email', 'sms'));
    ALTER TABLE users DROP COLUMN push_outbid_notifications, DROP COLUMN push_general_notifications;
    DROP TABLE push_subscriptions;
  `.execute(db);
}
