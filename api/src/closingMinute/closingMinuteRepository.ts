import { type closingMinute, LotType } from '@auction/contract';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { sumOfCents } from '../sumOfCents.ts';

type ClosingLot = closingMinute.ClosingLot;
type Names = { en: string | null; fr: string | null };

/** How many lots closing next the projector shows: what a room reads in one glance. */
export const PROJECTOR_LOTS = 6;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The auction's facts the projector needs, or undefined when there is no such auction. */
export interface ProjectorAuction {
  id: number;
  type: number;
  organization_id: number;
  status: number;
  url_magic_link: string;
  languages: number[];
  fundraising_goal: number | null;
}

/**
 * Reads of the closing minute and the projector (docs/console.md), all from the read models
 * (lot_views, lot_bids, lot_purchases, donations) except the extension counts, which only the lot
 * streams hold (one `LotExtended` event each).
 */
export function closingMinuteRepository(db: Db) {
  /** Both names of each lot, and what the closing minute follows of it. */
  async function lots(auctionId: number, closed: boolean, limit: number): Promise<ClosingLot[]> {
    const rows = await db
      .selectFrom('lots as l')
      .innerJoin('lot_views as v', 'v.lot_id', 'l.id')
      .select([
        'l.id',
        'l.lot_number',
        'v.status',
        'v.is_hidden',
        'v.ends_at',
        'v.closed_at',
        'v.price',
        'v.bid_count',
        sql<string | null>`(SELECT u.nick_name FROM users u WHERE u.id = v.leader_id)`.as('leader'),
        sql<string | null>`(SELECT u.nick_name FROM users u WHERE u.id = v.winner_id)`.as('winner'),
        sql<string | null>`(SELECT t.name FROM lot_translations t WHERE t.lot_id = l.id AND t.language_code = 'en')`.as(
          'name_en',
        ),
        sql<string | null>`(SELECT t.name FROM lot_translations t WHERE t.lot_id = l.id AND t.language_code = 'fr')`.as(
          'name_fr',
        ),
        // Each extension is one LotExtended event of the lot's stream, with the end before and after.
        sql<number>`(SELECT count(*)::int FROM events e WHERE e.stream_id = 'lot-' || l.id AND e.type = 'LotExtended')`.as(
          'extensions',
        ),
        sql<number>`(SELECT coalesce(sum((e.data->>'endsAt')::bigint - (e.data->>'previousEndsAt')::bigint), 0)::bigint
          FROM events e WHERE e.stream_id = 'lot-' || l.id AND e.type = 'LotExtended')`.as('extended_ms'),
      ])
      .where('l.auction_id', '=', auctionId)
      .where('v.closed_at', closed ? 'is not' : 'is', null)
      .orderBy(closed ? 'v.closed_at' : 'v.ends_at', closed ? 'desc' : 'asc')
      .orderBy('l.lot_number')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      lotId: row.id,
      lotNumber: row.lot_number,
      names: { en: row.name_en, fr: row.name_fr },
      status: row.status,
      isHidden: row.is_hidden,
      endsAt: iso(row.ends_at),
      closedAt: row.closed_at ? iso(row.closed_at) : null,
      priceCents: row.price,
      bidCount: row.bid_count,
      leaderNickName: row.leader,
      winnerNickName: row.winner,
      extensions: row.extensions,
      extendedMs: Number(row.extended_ms),
    }));
  }

  return {
    async snapshot(auctionId: number, now: Date, limits: { lots: number; bids: number; minutes: number }) {
      const since = new Date(now.getTime() - limits.minutes * 60_000);
      const [closingNext, closed, bids, goal] = await Promise.all([
        lots(auctionId, false, limits.lots),
        lots(auctionId, true, limits.lots),
        db
          .selectFrom('lot_bids as b')
          .innerJoin('lots as l', 'l.id', 'b.lot_id')
          .leftJoin('users as u', 'u.id', 'b.bidder_id')
          .select(['b.lot_id', 'l.lot_number', 'b.amount', 'u.nick_name', 'b.placed_at', 'b.is_auto_bid'])
          .where('l.auction_id', '=', auctionId)
          .where('b.removed', '=', false)
          .where('b.placed_at', '>=', since)
          .orderBy('b.placed_at', 'desc')
          .orderBy('b.stream_version', 'desc')
          .limit(limits.bids)
          .execute(),
        db.selectFrom('auctions').select('fundraising_goal').where('id', '=', auctionId).executeTakeFirst(),
      ]);
      return {
        auctionId,
        serverTime: now.toISOString(),
        goalCents: goal?.fundraising_goal ?? null,
        closingNext,
        closed,
        recentBids: bids.map((bid) => ({
          lotId: bid.lot_id,
          lotNumber: bid.lot_number,
          amountCents: bid.amount,
          nickName: bid.nick_name,
          placedAt: iso(bid.placed_at),
          isAutoBid: bid.is_auto_bid,
        })),
      };
    },

    async projectorAuction(auctionId: number): Promise<ProjectorAuction | undefined> {
      return db
        .selectFrom('auctions')
        .select(['id', 'type', 'organization_id', 'status', 'url_magic_link', 'languages', 'fundraising_goal'])
        .where('id', '=', auctionId)
        .executeTakeFirst();
    },

    async titles(auctionId: number): Promise<Names> {
      const rows = await db
        .selectFrom('auction_translations')
        .select(['language_code', 'title_short'])
        .where('auction_id', '=', auctionId)
        .execute();
      const title = (code: 'en' | 'fr') => rows.find((row) => row.language_code === code)?.title_short ?? null;
      return { en: title('en'), fr: title('fr') };
    },

    /**
     * Funds raised: the bidding lots' standing and winning prices (the leaderboard's total: visible
     * lots with a leader or winner), fixed-price purchases, and donations not deleted.
     */
    async raised(auctionId: number) {
      // The sums stay numeric (an exact decimal, sent as text): a bigint cast could overflow, and
      // sumOfCents reads them without losing a cent below 2^53.
      const row = await sql<{ lots: string; purchases: string; donations: string }>`
        SELECT
          (SELECT coalesce(sum(v.price), 0) FROM lots l JOIN lot_views v ON v.lot_id = l.id
            WHERE l.auction_id = ${auctionId} AND l.type <> ${LotType.FixedPrice} AND NOT v.is_hidden
              AND coalesce(v.winner_id, v.leader_id) IS NOT NULL AND v.price IS NOT NULL) AS lots,
          (SELECT coalesce(sum(p.quantity * p.unit_price), 0) FROM lot_purchases p JOIN lots l ON l.id = p.lot_id
            WHERE l.auction_id = ${auctionId}) AS purchases,
          (SELECT coalesce(sum(d.amount), 0) FROM donations d
            WHERE d.auction_id = ${auctionId} AND d.deleted_at IS NULL) AS donations`.execute(db);
      const { lots = '0', purchases = '0', donations = '0' } = row.rows[0] ?? {};
      return {
        lotsCents: sumOfCents(lots),
        purchasesCents: sumOfCents(purchases),
        donationsCents: sumOfCents(donations),
        totalCents: sumOfCents(lots, purchases, donations),
      };
    },

    /** The visible lots closing next, for the room. */
    async projectorLots(auctionId: number, now: Date) {
      const open = await lots(auctionId, false, PROJECTOR_LOTS * 3);
      return open
        .filter((lot) => !lot.isHidden && Date.parse(lot.endsAt) > now.getTime() - 60_000)
        .slice(0, PROJECTOR_LOTS)
        .map(({ lotId, lotNumber, names, endsAt, priceCents }) => ({ lotId, lotNumber, names, endsAt, priceCents }));
    },

    async setGoal(auctionId: number, goalCents: number | null): Promise<void> {
      await db.updateTable('auctions').set({ fundraising_goal: goalCents }).where('id', '=', auctionId).execute();
    },
  };
}

export type ClosingMinuteRepository = ReturnType<typeof closingMinuteRepository>;
