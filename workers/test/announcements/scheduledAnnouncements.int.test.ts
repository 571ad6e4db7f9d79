import { randomUUID } from 'node:crypto';
import { requestAuctionSchedule } from '@auction/platform';
import { ANNOUNCEMENT_ORPHAN_MS } from '@auction/platform/announcements';
import { describe, expect, it, vi } from 'vitest';
import * as fixtures from '../workerFixtures.ts';

const world = fixtures.useRunningWorld();

/** An auction with one guest who takes email, and an announcement of it as the API records one. */
async function announcementOf(
  columns: {
    sendAt?: number;
    createdAt?: number;
    status?: number;
    minutesBeforeEnd?: number;
    dateCompleted?: number;
  } = {},
) {
  const { auctionId, urlMagicLink } = await fixtures.createAuction(world.db, {
    status: columns.status ?? 3,
    ...(columns.dateCompleted === undefined ? {} : { dateCompleted: columns.dateCompleted }),
  });
  const guest = await fixtures.createBidder(world.db, 'guest', { first_name: 'Léa', preferred_language: 'fr' });
  await world.db.insertInto('auction_bidders').values({ auction_id: auctionId, user_id: guest, status: 2 }).execute();
  const row = await world.db
    .insertInto('auction_announcements')
    .values({
      auction_id: auctionId,
      command_id: randomUUID(),
      message_fr: 'Les mises ferment dans 10 minutes !',
      message_en: 'Bidding closes in 10 minutes!',
      audience: 'all',
      channels: ['email'],
      send_at: columns.sendAt === undefined ? null : new Date(columns.sendAt),
      minutes_before_end: columns.minutesBeforeEnd ?? null,
      ...(columns.createdAt === undefined ? {} : { created_at: new Date(columns.createdAt) }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { auctionId, urlMagicLink, guest, announcementId: row.id };
}

const announcementRow = (id: number) =>
  world.db.selectFrom('auction_announcements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The announcement's email to the guest on the messages queue, if any. */
const emailJob = (announcementId: number, guest: string) =>
  world.messageQueue.getJob(`announcement_${announcementId}_${guest}_email`);

const announcedOnHub = async (auctionId: number) =>
  (await fixtures.hubEvents(world, auctionId)).filter((event) => event.event === 'AuctionAnnouncement');

describe('announcements set to go out later', () => {
  it('go out at their time, in the guest language, and are shown on the auction pages', async () => {
    const sendAt = Date.now() + 1_500;
    const { auctionId, urlMagicLink, guest, announcementId } = await announcementOf({ sendAt });
    // What the API does after recording one.
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);

    await fixtures.sleep(500);
    expect((await announcementRow(announcementId)).queued_at).toBeNull();
    expect(await emailJob(announcementId, guest)).toBeUndefined();

    const sent = await fixtures.eventually(async () => {
      const row = await announcementRow(announcementId);
      expect(row.queued_at).not.toBeNull();
      return row;
    });
    expect(sent.queued_at?.getTime()).toBeGreaterThanOrEqual(sendAt);
    expect(sent.email_recipients).toBe(1);
    const job = await emailJob(announcementId, guest);
    expect(job?.data).toMatchObject({
      channel: 'email',
      language: 'fr',
      template: 'auctionAnnouncementEmail',
      params: {
        firstName: 'Léa',
        auctionName: 'Gala du printemps',
        announcement: 'Les mises ferment dans 10 minutes !',
        link: `${fixtures.PUBLIC_URL}/encans/${urlMagicLink}`,
      },
    });
    expect((await announcedOnHub(auctionId)).map((event) => event.data)).toEqual([
      {
        announcementId,
        message: { en: 'Bidding closes in 10 minutes!', fr: 'Les mises ferment dans 10 minutes !' },
      },
    ]);

    // Read again (a retried job, the sweep): nothing goes out twice.
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    await fixtures.sleep(300);
    expect(await announcedOnHub(auctionId)).toHaveLength(1);
    expect((await announcementRow(announcementId)).queued_at).toEqual(sent.queued_at);
  });

  it('does not send one cancelled before its time', async () => {
    const { auctionId, guest, announcementId } = await announcementOf({ sendAt: Date.now() + 800 });
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    await world.db
      .updateTable('auction_announcements')
      .set({ cancelled_at: new Date() })
      .where('id', '=', announcementId)
      .execute();
    await fixtures.sleep(1_500);
    expect((await announcementRow(announcementId)).queued_at).toBeNull();
    expect(await emailJob(announcementId, guest)).toBeUndefined();
    expect(await announcedOnHub(auctionId)).toEqual([]);
  });

  it('cancels one whose auction was archived before its time', async () => {
    const { auctionId, guest, announcementId } = await announcementOf({ sendAt: Date.now() + 300, status: 6 });
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    const row = await fixtures.eventually(async () => {
      const current = await announcementRow(announcementId);
      expect(current.cancelled_at).not.toBeNull();
      return current;
    });
    expect(row).toMatchObject({ queued_at: null, cancelled_by: null });
    expect(await emailJob(announcementId, guest)).toBeUndefined();
  });

  it("tied to the auction's end, go out before the end as moved by an operator", async () => {
    // One minute before an end a minute and two seconds away: due in two seconds, until the end moves.
    const firstEnd = Date.now() + fixtures.MINUTE + 2_000;
    const { auctionId, guest, announcementId } = await announcementOf({ minutesBeforeEnd: 1, dateCompleted: firstEnd });
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    const movedEnd = firstEnd + 2_000;
    await world.db
      .updateTable('auctions')
      .set({ date_completed: new Date(movedEnd) })
      .where('id', '=', auctionId)
      .execute();
    // What the operator API does after moving an auction's dates.
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);

    await fixtures.sleep(firstEnd - fixtures.MINUTE + 600 - Date.now());
    // Past the first time and before the moved one (a busy machine may be past both): not sent.
    const early = await announcementRow(announcementId);
    if (Date.now() < movedEnd - fixtures.MINUTE) expect(early.queued_at).toBeNull();
    const sent = await fixtures.eventually(async () => {
      const row = await announcementRow(announcementId);
      expect(row.queued_at).not.toBeNull();
      return row;
    });
    expect(sent.queued_at?.getTime()).toBeGreaterThanOrEqual(movedEnd - fixtures.MINUTE);
    expect(await emailJob(announcementId, guest)).toBeDefined();
  });

  it("tied to a closing group's end, go out before the group closes, not the auction", async () => {
    // The auction ends in an hour; its group in a minute and a second: due in a second.
    const groupEnd = Date.now() + fixtures.MINUTE + 1_000;
    const { auctionId, guest, announcementId } = await announcementOf({
      minutesBeforeEnd: 1,
      dateCompleted: Date.now() + 60 * fixtures.MINUTE,
    });
    const group = await world.db
      .insertInto('closing_groups')
      .values({ auction_id: auctionId, ends_at: new Date(groupEnd), translations: JSON.stringify({ fr: 'Salon' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await world.db
      .updateTable('auction_announcements')
      .set({ closing_group_id: group.id })
      .where('id', '=', announcementId)
      .execute();
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);

    const sent = await fixtures.eventually(async () => {
      const row = await announcementRow(announcementId);
      expect(row.queued_at).not.toBeNull();
      return row;
    });
    expect(sent.queued_at?.getTime()).toBeGreaterThanOrEqual(groupEnd - fixtures.MINUTE);
    expect(await emailJob(announcementId, guest)).toBeDefined();
  });

  it("that cannot be queued do not hold back the auction's transitions, and go out once the queue is back", async () => {
    const { auctionId, guest, announcementId } = await announcementOf({
      sendAt: Date.now() - 1_000,
      dateCompleted: Date.now() + 1_000,
    });
    // Redis refusing every batch, as while it is unreachable: the one failure injected here.
    const refusal = vi.spyOn(world.messageQueue, 'addBulk').mockRejectedValue(new Error('Connection is closed.'));
    try {
      await requestAuctionSchedule(world.workers.lifecycle, auctionId);
      // The auction completes at its end all the same.
      await fixtures.eventually(async () => {
        const auction = await world.db
          .selectFrom('auctions')
          .select('status')
          .where('id', '=', auctionId)
          .executeTakeFirstOrThrow();
        expect(auction.status).toBe(4);
      });
      expect(refusal).toHaveBeenCalled();
      expect((await announcementRow(announcementId)).queued_at).toBeNull();
    } finally {
      refusal.mockRestore();
    }
    await world.workers.sweep();
    await fixtures.eventually(async () => expect((await announcementRow(announcementId)).queued_at).not.toBeNull());
    expect(await emailJob(announcementId, guest)).toBeDefined();
  });

  it('are found again by the sweep when their job was lost, as is a send that died on the way', async () => {
    const scheduled = await announcementOf({ sendAt: Date.now() - 1_000 });
    // Recorded for at once, but its request died before queuing it.
    const orphan = await announcementOf({ createdAt: Date.now() - ANNOUNCEMENT_ORPHAN_MS - 1_000 });
    // Recorded a moment ago: its own request is still queuing it (or will delete it), so it waits.
    const recent = await announcementOf({});
    // Nobody asked for them: only the sweep finds them.
    await world.workers.sweep();
    for (const { announcementId, guest } of [scheduled, orphan]) {
      await fixtures.eventually(async () => expect((await announcementRow(announcementId)).queued_at).not.toBeNull());
      expect(await emailJob(announcementId, guest)).toBeDefined();
    }
    await fixtures.sleep(300);
    expect((await announcementRow(recent.announcementId)).queued_at).toBeNull();
  });
});
