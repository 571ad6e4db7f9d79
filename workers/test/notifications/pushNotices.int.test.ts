import type { DoubleSubscription } from '@auction/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMessaging } from '../../src/testing.ts';
import {
  bid,
  closeLotsWonBy,
  createAuction,
  createBidder,
  openLot,
  PUBLIC_URL,
  SECOND,
  type World,
} from '../workerFixtures.ts';
import { type NotificationWorld, startNotificationWorld } from './notificationWorld.ts';

let notified: NotificationWorld;
let world: World;
let messaging: TestMessaging;

beforeAll(async () => {
  notified = await startNotificationWorld();
  ({ world, messaging } = notified);
});
afterAll(async () => {
  await notified?.close();
});

/** A bidder without phone or email notices, one browser subscribed at the local push service. */
async function pushBidder(
  preferences: Partial<{ preferred_language: 'en' | 'fr'; push_outbid_notifications: boolean }> = {},
): Promise<{ id: string; browser: DoubleSubscription }> {
  const id = await createBidder(world.db, 'push', {
    email_outbid_notifications: false,
    email_general_notifications: false,
    ...preferences,
  });
  const browser = messaging.push.subscribe();
  await world.db
    .insertInto('push_subscriptions')
    .values({ user_id: id, endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth })
    .execute();
  return { id, browser };
}

const drained = () => notified.drained();

const pushesTo = (browser: DoubleSubscription) =>
  messaging.push.received().filter((push) => push.endpoint === browser.endpoint);

describe('outbid notices by Web Push', () => {
  it('pushes exactly one notice, in French, to the outbid bidder, signed with our VAPID key; none when push is off', async () => {
    const { auctionId, urlMagicLink } = await createAuction(world.db);
    const lotId = await openLot(world, auctionId, { endsAt: Date.now() + 3_600 * SECOND });
    const french = await pushBidder({ preferred_language: 'fr' });
    const pushOff = await pushBidder({ push_outbid_notifications: false });
    const last = await pushBidder();

    await bid(world, lotId, french.id, 11_00);
    await bid(world, lotId, pushOff.id, 12_00);
    await bid(world, lotId, last.id, 13_00);
    await drained();

    const [push, ...more] = pushesTo(french.browser);
    expect(more).toEqual([]);
    expect(push?.vapidPublicKey).toBe(messaging.vapid.publicKey);
    expect(push?.claims.sub).toBe(messaging.vapid.subject);
    expect(push?.payload).toEqual({
      title: 'Votre mise a été dépassée',
      body: expect.stringMatching(
        /^Le lot \d+, «\u00a0Weekend au chalet\u00a0»\. Misez de nouveau avant la fermeture\.$/,
      ),
      url: `${PUBLIC_URL}/encans/${urlMagicLink}/lots/${lotId}`,
      tag: expect.stringMatching(/^lot-\d+-outbidPush$/),
    });
    // Outbid with push off; and the leader is not outbid.
    expect(pushesTo(pushOff.browser)).toEqual([]);
    expect(pushesTo(last.browser)).toEqual([]);
  });

  it("pushes the winner's notice at the close, in English, unless their general push switch is off", async () => {
    const { auctionId } = await createAuction(world.db);
    const winner = await pushBidder({ preferred_language: 'en' });
    const generalOff = await pushBidder();
    await world.db
      .updateTable('users')
      .set({ push_general_notifications: false })
      .where('id', '=', generalOff.id)
      .execute();
    await closeLotsWonBy(world, auctionId, [winner.id, generalOff.id], 1_234_50);
    await drained();
    expect(pushesTo(winner.browser).map((push) => push.payload)).toEqual([
      expect.objectContaining({
        title: 'You won!',
        body: expect.stringMatching(/^Lot \d+, "Cottage weekend", for \$1,234\.50\.$/),
        tag: expect.stringMatching(/^lot-\d+-lotWonPush$/),
      }),
    ]);
    expect(pushesTo(generalOff.browser)).toEqual([]);
  });

  it('deletes a subscription the push service says is gone', async () => {
    const { auctionId } = await createAuction(world.db);
    const lotId = await openLot(world, auctionId, { endsAt: Date.now() + 3_600 * SECOND });
    const uninstalled = await pushBidder();
    messaging.push.expire(uninstalled.browser.endpoint);
    const other = await pushBidder();

    await bid(world, lotId, uninstalled.id, 11_00);
    await bid(world, lotId, other.id, 12_00);
    await drained();

    const left = await world.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', uninstalled.id)
      .execute();
    expect(left).toEqual([]);
    const deliveries = await world.db
      .selectFrom('message_deliveries')
      .select(['channel', 'status', 'detail'])
      .where('message_id', 'like', `%:${uninstalled.id}:push`)
      .execute();
    expect(deliveries).toEqual([{ channel: 'push', status: 'skipped', detail: 'every subscribed browser is gone' }]);
  });
});
