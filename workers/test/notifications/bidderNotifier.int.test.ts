import { randomUUID } from 'node:crypto';
import { START, saveCheckpoint } from '@auction/engine';
import { type MessageBatchQueue, recordSmsStop } from '@auction/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuctionWorkers, NOTIFICATIONS_SUBSCRIPTION } from '../../src/auctionWorkers.ts';
import type { TestMessaging } from '../../src/testing.ts';
import {
  bid,
  closeLotsWonBy,
  closesOf,
  createAuction,
  createBidder,
  eventually,
  openLot,
  PUBLIC_URL,
  SECOND,
  send,
  type World,
} from '../workerFixtures.ts';
import { type NotificationWorld, startNotificationWorld } from './notificationWorld.ts';

let notified: NotificationWorld;
let world: World;
let messaging: TestMessaging;
let workers: AuctionWorkers;

beforeAll(async () => {
  notified = await startNotificationWorld();
  ({ world, messaging, workers } = notified);
});
afterAll(async () => {
  await notified?.close();
});

interface Bidder {
  id: string;
  email: string;
  phone: string;
}

let phoneSequence = 0;

async function addBidder(
  preferences: Partial<{
    sms_general_notifications: boolean;
    email_general_notifications: boolean;
    sms_outbid_notifications: boolean;
    email_outbid_notifications: boolean;
    preferred_language: 'en' | 'fr';
    sent_stop_date: Date;
  }> = {},
): Promise<Bidder> {
  phoneSequence += 1;
  const phone = `514555${String(phoneSequence).padStart(4, '0')}`;
  const email = `bidder-${randomUUID().slice(0, 8)}@example.org`;
  const id = await createBidder(world.db, 'bidder', {
    username: email,
    first_name: 'Marie',
    phone_number: phone,
    preferred_language: 'en',
    ...preferences,
  });
  return { id, email, phone };
}

async function organizationChoice(userId: string, organizationId: number, sms: boolean, email: boolean) {
  await world.db
    .insertInto('bidder_organization_notifications')
    .values({ user_id: userId, organization_id: organizationId, sms_notifications: sms, email_notifications: email })
    .execute();
}

/** Every notification the follower queued has been handled by the messages worker. */
const drained = () => notified.drained(workers);

async function received(bidder: Bidder) {
  const [emails, texts] = await Promise.all([messaging.outbox.list(bidder.email), messaging.outbox.list(bidder.phone)]);
  return { emails, texts };
}

const deliveriesOf = (userId: string) =>
  world.db
    .selectFrom('message_deliveries')
    .select(['message_id', 'channel', 'status', 'detail'])
    .where('message_id', 'like', `%:${userId}:%`)
    .execute();

/** The bid a bid command placed (its first event). */
const bidIdOf = (outcome: Awaited<ReturnType<typeof bid>>) =>
  (outcome.events[0]?.data as { bidId?: string } | undefined)?.bidId ?? '';

describe('bidder notifications', () => {
  it('tells the outbid bidder by the channels their outbid and organisation preferences allow', async () => {
    const { auctionId, organizationId, urlMagicLink } = await createAuction(world.db);
    const other = await createAuction(world.db);
    const everything = await addBidder();
    const noOutbidSms = await addBidder({ sms_outbid_notifications: false });
    const noOutbidEmail = await addBidder({ email_outbid_notifications: false });
    const organizationNoSms = await addBidder();
    await organizationChoice(organizationNoSms.id, organizationId, false, true);
    const organizationNoEmail = await addBidder();
    await organizationChoice(organizationNoEmail.id, organizationId, true, false);
    const generalOff = await addBidder({ sms_general_notifications: false, email_general_notifications: false });
    const otherOrganizationOff = await addBidder();
    await organizationChoice(otherOrganizationOff.id, other.organizationId, false, false);
    const stopped = await addBidder({ sent_stop_date: new Date() });
    const optedOut = await addBidder();
    await recordSmsStop(world.db, optedOut.phone);
    const french = await addBidder({ preferred_language: 'fr' });
    const last = await addBidder();

    const lotId = await openLot(world, auctionId, { endsAt: Date.now() + 3_600 * SECOND });
    const sequence = [
      everything,
      noOutbidSms,
      noOutbidEmail,
      organizationNoSms,
      organizationNoEmail,
      generalOff,
      otherOrganizationOff,
      stopped,
      optedOut,
      french,
      last,
    ];
    for (const [i, bidder] of sequence.entries()) await bid(world, lotId, bidder.id, 11_00 + i * 1_00);
    await drained();

    const expected: Array<[Bidder, { email: boolean; sms: boolean }]> = [
      [everything, { email: true, sms: true }],
      [noOutbidSms, { email: true, sms: false }],
      [noOutbidEmail, { email: false, sms: true }],
      [organizationNoSms, { email: true, sms: false }],
      [organizationNoEmail, { email: false, sms: true }],
      [generalOff, { email: true, sms: true }],
      [otherOrganizationOff, { email: true, sms: true }],
      [stopped, { email: true, sms: false }],
      [optedOut, { email: true, sms: false }],
      [french, { email: true, sms: true }],
      [last, { email: false, sms: false }],
    ];
    for (const [bidder, channels] of expected) {
      const { emails, texts } = await received(bidder);
      expect({ bidder: sequence.indexOf(bidder), emails: emails.length, texts: texts.length }).toEqual({
        bidder: sequence.indexOf(bidder),
        emails: channels.email ? 1 : 0,
        texts: channels.sms ? 1 : 0,
      });
    }

    const [email] = (await received(everything)).emails;
    const link = `${PUBLIC_URL}/en/auctions/${urlMagicLink}/items/${lotId}`;
    expect(email?.subject).toMatch(/^You have been outbid on lot \d+, "Cottage weekend"$/);
    expect(email?.body).toContain('Spring gala');
    expect(email?.body).toContain(link);
    expect((await received(everything)).texts[0]?.body).toContain(link);
    const frenchEmail = (await received(french)).emails[0];
    expect(frenchEmail?.subject).toMatch(/^Votre mise a été dépassée sur le lot \d+, «\u00a0Weekend au chalet\u00a0»$/);
    expect(frenchEmail?.body).toContain(`${PUBLIC_URL}/encans/${urlMagicLink}/lots/${lotId}`);
    expect((await received(french)).texts[0]?.body).toContain('Misez de nouveau');

    // STOP: the SMS was considered and skipped, never sent.
    for (const bidder of [stopped, optedOut]) {
      const sms = (await deliveriesOf(bidder.id)).filter((d) => d.channel === 'sms');
      expect(sms.map((d) => d.status)).toEqual(['skipped']);
    }
  });

  it('tells the winner at the close by the channels their general and organisation preferences allow', async () => {
    const { auctionId, organizationId } = await createAuction(world.db);
    const noGeneralEmail = await addBidder({ email_general_notifications: false });
    const noGeneralSms = await addBidder({ sms_general_notifications: false, sms_outbid_notifications: true });
    const organizationOff = await addBidder();
    await organizationChoice(organizationOff.id, organizationId, false, false);
    const french = await addBidder({ preferred_language: 'fr' });
    const winners = [noGeneralEmail, noGeneralSms, organizationOff, french];
    await closeLotsWonBy(
      world,
      auctionId,
      winners.map((winner) => winner.id),
      1_234_50,
    );
    await drained();
    const counts = await Promise.all(
      winners.map(async (winner) => {
        const { emails, texts } = await received(winner);
        return [emails.length, texts.length];
      }),
    );
    expect(counts).toEqual([
      [0, 1],
      [1, 0],
      [0, 0],
      [1, 1],
    ]);
    const [sms] = (await received(noGeneralEmail)).texts;
    expect(sms?.body).toMatch(/^You won lot \d+, "Cottage weekend" for \$1,234\.50\./);
    const [email] = (await received(french)).emails;
    expect(email?.subject).toMatch(/^Vous avez remporté le lot \d+, «\u00a0Weekend au chalet\u00a0»$/);
    expect(email?.body).toContain('1\u00a0234,53\u00a0$');
  });

  it('tells both bidders, each in their language, when a removal after the close changes the winner', async () => {
    const { auctionId } = await createAuction(world.db);
    const ann = await addBidder();
    const benoit = await addBidder({ preferred_language: 'fr' });
    const lotId = await openLot(world, auctionId, { endsAt: Date.now() + 1_500 });
    await bid(world, lotId, benoit.id, 12_00);
    const annsBid = await bid(world, lotId, ann.id, 15_00);
    await eventually(async () => expect(await closesOf(world, lotId)).toHaveLength(1));
    const annsBidId = bidIdOf(annsBid);
    await send(world.handler, lotId, { type: 'RemoveBid', bidId: annsBidId, reason: 'Fraude' }, { userId: null });
    await drained();

    const subjects = async (bidder: Bidder) => (await received(bidder)).emails.map((email) => email.subject);
    expect((await subjects(ann)).sort()).toEqual([
      expect.stringMatching(/^You no longer win lot \d+, "Cottage weekend"$/),
      expect.stringMatching(/^You won/),
    ]);
    expect(await subjects(benoit)).toContainEqual(
      expect.stringMatching(/^Vous remportez maintenant le lot \d+, «\u00a0Weekend au chalet\u00a0»$/),
    );
    const [withdrawn] = (await received(ann)).texts.filter((text) => text.body.includes('no longer win'));
    expect(withdrawn?.body).toContain('will not be billed');
    const [won] = (await received(benoit)).texts.filter((text) => text.body.includes('maintenant'));
    expect(won?.body).toContain('12,00\u00a0$');

    // A removal that leaves the winner as they were tells nobody.
    const before = (await received(benoit)).emails.length;
    const otherLot = await openLot(world, auctionId, { endsAt: Date.now() + 1_500 });
    const benoitsBid = await bid(world, otherLot, benoit.id, 12_00);
    await bid(world, otherLot, ann.id, 15_00);
    await eventually(async () => expect(await closesOf(world, otherLot)).toHaveLength(1));
    const bidId = bidIdOf(benoitsBid);
    await send(world.handler, otherLot, { type: 'RemoveBid', bidId, reason: 'Erreur' }, { userId: null });
    await drained();
    expect((await received(benoit)).emails.filter((email) => email.subject?.includes('maintenant'))).toHaveLength(1);
    expect((await received(benoit)).emails.length).toBe(before + 1);
  });

  it('tells a bidder outbid again and again on a lot once a minute, by the bids own times', async () => {
    const { auctionId } = await createAuction(world.db);
    const ann = await addBidder();
    const bob = await addBidder();
    const lotId = await openLot(world, auctionId, { endsAt: Date.now() + 3_600 * SECOND });
    const otherLotId = await openLot(world, auctionId, { endsAt: Date.now() + 3_600 * SECOND });
    // A closing minute: the bids' server times are given, seconds apart, sent here in a few milliseconds.
    const t0 = Date.now();
    const bids: Array<[number, typeof ann, number]> = [
      [lotId, ann, 0],
      [lotId, bob, 1], // ann outbid: told
      [lotId, ann, 2], // bob outbid: told
      [lotId, bob, 3], // ann outbid 2 s after her notice: not told
      [otherLotId, ann, 4],
      [otherLotId, bob, 5], // ann outbid on another lot: told
      [lotId, ann, 30], // bob outbid 28 s after his notice: not told
      [lotId, bob, 61], // ann outbid 60 s after her notice: told
    ];
    for (const [i, [lot, bidder, second]] of bids.entries()) {
      await send(
        world.handler,
        lot,
        { type: 'PlaceBid', bidderId: bidder.id, amount: 11_00 + i * 1_00 },
        { at: t0 + second * SECOND },
      );
    }
    await drained();
    const outbidEmails = async (bidder: typeof ann) =>
      (await received(bidder)).emails.filter((email) => email.subject?.startsWith('You have been outbid')).length;
    expect(await outbidEmails(ann)).toBe(3);
    expect(await outbidEmails(bob)).toBe(1);
    expect((await received(ann)).texts).toHaveLength(3);
  });

  it('decides again the same way when a batch could not queue its messages', async () => {
    await workers.stop();
    let failures = 1;
    // The real queue, failing once as Redis going away would.
    const flaky: MessageBatchQueue = {
      addBulk: (jobs) => {
        if (failures-- > 0) return Promise.reject(new Error('Connection is closed.'));
        return messaging.queue.addBulk(jobs);
      },
    };
    workers = world.startWorkers({ messages: flaky, onError: () => {} });
    await workers.swept;
    const { auctionId } = await createAuction(world.db);
    const ann = await addBidder();
    const bob = await addBidder();
    const lotId = await openLot(world, auctionId, { endsAt: Date.now() + 3_600 * SECOND });
    await bid(world, lotId, ann.id, 11_00);
    await bid(world, lotId, bob.id, 12_00);
    await drained();
    expect(failures).toBeLessThan(0);
    // The failed batch was handled again: its notice was not taken as queued the first time.
    expect((await received(ann)).emails).toHaveLength(1);
  });

  it('tells both bidders when a stage sale is corrected, read after a restart, and the winner alone for a price', async () => {
    const { auctionId } = await createAuction(world.db);
    const ann = await addBidder();
    const benoit = await addBidder({ preferred_language: 'fr' });
    const lotId = await openLot(world, auctionId, { endsAt: Date.now() + 60 * SECOND });
    await send(world.handler, lotId, { type: 'RecordLiveSale', bidderId: ann.id, amount: 250_00, live: true });
    await drained();
    // A restart empties the notifier's states: the correction's batch alone must still be read.
    await workers.stop();
    workers = world.startWorkers();
    await workers.swept;
    const correction = {
      type: 'CorrectLiveSale',
      bidderId: benoit.id,
      amount: 250_00,
      reason: 'Paddle misread',
    } as const;
    await send(world.handler, lotId, correction);
    await drained();

    const subjects = async (bidder: Bidder) => (await received(bidder)).emails.map((email) => email.subject);
    expect(await subjects(ann)).toContainEqual(
      expect.stringMatching(/^Sale corrected: you do not win lot \d+, "Cottage weekend"$/),
    );
    expect(await subjects(benoit)).toEqual([
      expect.stringMatching(/^Vente corrigée\u00a0: vous remportez le lot \d+, «\u00a0Weekend au chalet\u00a0»$/),
    ]);
    const [told] = (await received(benoit)).texts;
    expect(told?.body).toContain('250,00\u00a0$');

    // The hammer price mistyped: only the winner hears of it, at the corrected price.
    const annBefore = (await received(ann)).emails.length;
    await send(world.handler, lotId, { ...correction, amount: 300_00, reason: 'Price mistyped' });
    await drained();
    const benoitTexts = (await received(benoit)).texts;
    expect(benoitTexts).toHaveLength(2);
    expect(benoitTexts.map((text) => text.body)).toContainEqual(expect.stringContaining('300,00\u00a0$'));
    expect((await received(ann)).emails).toHaveLength(annBefore);
  });

  it('never sends twice when the log is handled again from the start', async () => {
    await drained();
    const before = (await messaging.outbox.list()).length;
    const sent = await world.db.selectFrom('message_deliveries').select('message_id').execute();
    expect(sent.length).toBeGreaterThan(0);
    await workers.stop();
    // Redelivery of everything: the follower's checkpoint back to the start and the finished jobs gone,
    // so every notification is queued again under its id.
    await saveCheckpoint(world.database.pool, NOTIFICATIONS_SUBSCRIPTION, START);
    await messaging.queue.clean(0, 10_000, 'completed');
    workers = world.startWorkers();
    await workers.swept;
    await drained();
    // Every message was queued again, and the messages worker found each one already sent.
    const redelivered = await messaging.queue.getJobs(['completed'], 0, 10_000);
    expect(redelivered).toHaveLength(sent.length);
    expect(new Set(redelivered.map((job) => job.returnvalue.status))).toEqual(new Set(['duplicate']));
    expect((await messaging.outbox.list()).length).toBe(before);
    const again = await world.db.selectFrom('message_deliveries').select(['message_id', 'attempts']).execute();
    expect(again.length).toBe(sent.length);
  });
});
