import type { PushPreferences, PushSubscriptionBody } from '@auction/contract';
import type { Db } from '@auction/platform';

/** A user keeps at most this many browsers; subscribing another forgets the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** The Web Push subscriptions and switches of users (push_subscriptions, users.push_*). */
export function pushSubscriptions(db: Db) {
  return {
    async settings(userId: string): Promise<PushPreferences & { subscriptions: number }> {
      const row = await db
        .selectFrom('users')
        .select((eb) => [
          'push_outbid_notifications',
          'push_general_notifications',
          eb
            .selectFrom('push_subscriptions')
            .select((inner) => inner.fn.countAll<string>().as('n'))
            .whereRef('push_subscriptions.user_id', '=', 'users.id')
            .as('subscriptions'),
        ])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        pushOutbidNotifications: row.push_outbid_notifications,
        pushGeneralNotifications: row.push_general_notifications,
        subscriptions: Number(row.subscriptions ?? 0),
      };
    },

    async savePreferences(userId: string, preferences: PushPreferences): Promise<void> {
      await db
        .updateTable('users')
        .set({
          push_outbid_notifications: preferences.pushOutbidNotifications,
          push_general_notifications: preferences.pushGeneralNotifications,
        })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * Saves the browser's subscription for the user. An endpoint is one browser's: subscribing it
     * again (after a sign-in as someone else on that browser) moves it to the new user. Idempotent.
     */
    async subscribe(userId: string, subscription: PushSubscriptionBody): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('push_subscriptions')
          .values({
            user_id: userId,
            endpoint: subscription.endpoint,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
          })
          .onConflict((oc) =>
            oc.column('endpoint').doUpdateSet({
              user_id: userId,
              p256dh: subscription.keys.p256dh,
              auth: subscription.keys.auth,
            }),
          )
          .execute();
        const beyond = await trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .offset(MAX_PUSH_SUBSCRIPTIONS)
          .limit(100)
          .execute();
        if (beyond.length > 0) {
          await trx
            .deleteFrom('push_subscriptions')
            .where(
              'id',
              'in',
              beyond.map((row) => row.id),
            )
            .execute();
        }
      });
    },

    /** Forgets the browser, only among this user's own. True when there was one. */
    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type PushSubscriptions = ReturnType<typeof pushSubscriptions>;
