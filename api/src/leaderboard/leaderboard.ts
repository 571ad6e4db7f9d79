import { isAuctionClosed, LotType } from '@auction/contract';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { type CurrencyView, moneyIn } from '../currency/convertedMoney.ts';
import { teamName } from '../i18n/localized.ts';
import { sumOfCents } from '../sumOfCents.ts';

/**
 * Spec 001 §2 "Leaderboard and winners": one card per lot with a leader or a winner, built from
 * the lot read model (no read model of its own: lot_views already holds leader, winner and price).
 * Leaders while the auction is Planning, PreOpen or Active ('leaders list'), winners otherwise
 * ('winners list'); the winners page shows winners whatever the status.
 */
export type LeaderboardMode = 'leaders' | 'winners';

export function leaderboardModeOf(auctionStatus: number): LeaderboardMode {
  // Leaders while the auction runs (Planning, PreOpen, Active); winners once it is over.
  return isAuctionClosed(auctionStatus) ? 'winners' : 'leaders';
}

/** The cards, and the total of their amounts. */
export async function leaderboardCards(
  db: Db,
  auction: { id: number; allowItemsManagementByTeam: boolean },
  mode: LeaderboardMode,
  language: 'en' | 'fr',
  currency: CurrencyView,
) {
  // A lot already closed keeps its winner on the leaders list; an open one shows its leader.
  const person = mode === 'leaders' ? sql<string>`coalesce(v.winner_id, v.leader_id)` : sql<string>`v.winner_id`;
  const rows = await db
    .selectFrom('lots as l')
    .innerJoin('lot_views as v', 'v.lot_id', 'l.id')
    .leftJoin('organization_teams as t', 't.id', 'l.organization_team_id')
    .select([
      'l.id',
      'l.lot_number',
      'v.status',
      'v.price',
      'v.winner_id',
      'v.closed_at',
      person.as('person_id'),
      sql<string | null>`(SELECT u.nick_name FROM users u WHERE u.id = ${person})`.as('nick_name'),
      sql<string | null>`coalesce(
        (SELECT tr.name FROM lot_translations tr WHERE tr.lot_id = l.id AND tr.language_code = ${language}),
        (SELECT tr.name FROM lot_translations tr WHERE tr.lot_id = l.id ORDER BY tr.language_code LIMIT 1))`.as('name'),
      // When the leader's standing bid was placed: the card's time while the lot is open.
      sql<Date | null>`(SELECT max(b.placed_at) FROM lot_bids b
        WHERE b.lot_id = l.id AND NOT b.removed AND b.bidder_id = v.leader_id)`.as('leading_bid_at'),
      't.id as team_id',
      't.background_color',
      't.text_color',
      't.translations as team_translations',
    ])
    .where('l.auction_id', '=', auction.id)
    .where('l.type', '!=', LotType.FixedPrice)
    .where('v.is_hidden', '=', false)
    .where(person, 'is not', null)
    .where('v.price', 'is not', null)
    .orderBy('l.lot_number')
    .orderBy('l.id')
    .execute();
  const items = rows.map((row) => {
    const isWinner = row.winner_id !== null;
    const at = isWinner ? row.closed_at : row.leading_bid_at;
    const teamNames = (row.team_translations ?? {}) as Partial<Record<'en' | 'fr', string>>;
    return {
      auctionLotItemId: row.id,
      lotNumber: row.lot_number,
      name: row.name ?? 'no-translations',
      status: row.status,
      isWinner,
      winnerUserId: row.person_id,
      winnerName: row.nick_name,
      amount: moneyIn(currency, row.price as number),
      time: at ? new Date(at).toISOString() : null,
      team:
        auction.allowItemsManagementByTeam && row.team_id !== null
          ? {
              id: row.team_id,
              name: teamName(teamNames, language),
              backgroundColor: row.background_color,
              textColor: row.text_color,
            }
          : null,
    };
  });
  // Exact below 2^53, saturated beyond (prices stored before the amount ceiling).
  const total = sumOfCents(...rows.map((row) => row.price));
  return { items, total: moneyIn(currency, total) };
}

/** The auction's standing donations, which the leaderboard page totals beside the lots. */
export async function donationTotals(db: Db, auctionId: number, currency: CurrencyView) {
  const row = await db
    .selectFrom('donations')
    .select([sql<number>`count(*)::int`.as('count'), sql<string>`coalesce(sum(amount), 0)`.as('total')])
    .where('auction_id', '=', auctionId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: row.count, total: moneyIn(currency, sumOfCents(row.total)) };
}
