import type { Db } from '@auction/platform';
import { sql } from 'kysely';

/**
 * A lot as the screens need it: reference data (texts, photos, categories, team, settings) joined
 * with its read model (status, price, leader, ends) and, for a signed-in user, their favourite,
 * the quantity they bought and their max bid (the banner's inputs: one query for a whole page).
 * A lot whose stream has not been projected yet shows its configured values.
 */
export function lotQuery(db: Db, userId: string | null) {
  return db
    .selectFrom('lots as l')
    .leftJoin('lot_views as v', 'v.lot_id', 'l.id')
    .select([
      'l.id',
      'l.auction_id',
      'l.lot_number',
      'l.type',
      'l.starting_bid',
      'l.minimum_increment',
      'l.valuation',
      'l.multi_sale_price',
      'l.multi_sale_quantity',
      'l.max_per_bidder',
      'l.is_donation',
      'l.is_hidden as configured_hidden',
      'l.offered_by',
      'l.additional_info_external_url',
      'l.organization_team_id',
      'l.closing_group_id',
      'l.date_completed',
      'l.allows_time_extension',
      'l.extension_duration_in_minutes',
      'l.extension_duration_maximum_minutes',
      'l.minutes_left_before_allowing_extension',
      'v.status',
      'v.is_hidden',
      'v.price',
      'v.leader_id',
      'v.winner_id',
      'v.bid_count',
      'v.bidder_ids',
      'v.ends_at',
      'v.initial_ends_at',
      'v.sold_quantity',
      sql<
        Array<{
          languageCode: 'en' | 'fr';
          name: string;
          description: string;
          information: string;
          shippingInformation: string;
        }>
      >`
        (SELECT coalesce(json_agg(json_build_object('languageCode', t.language_code, 'name', t.name,
          'description', t.description, 'information', t.information, 'shippingInformation', t.shipping_information)
          ORDER BY t.language_code), '[]') FROM lot_translations t WHERE t.lot_id = l.id)`.as('translations'),
      sql<Array<{ fullPath_Large: string; fullPath_Medium: string; description: string | null; order: number }>>`
        (SELECT coalesce(json_agg(json_build_object('fullPath_Large', p.full_path_large, 'fullPath_Medium',
          p.full_path_medium, 'description', p.description, 'order', p."order") ORDER BY p."order", p.id), '[]')
          FROM lot_photos p WHERE p.lot_id = l.id)`.as('photos'),
      sql<
        number[]
      >`(SELECT coalesce(array_agg(c.category_id ORDER BY c.category_id), '{}') FROM lot_categories c WHERE c.lot_id = l.id)`.as(
        'category_ids',
      ),
      sql<string | null>`(SELECT u.nick_name FROM users u WHERE u.id = coalesce(v.winner_id, v.leader_id))`.as(
        'leader_nick_name',
      ),
      userId
        ? sql<boolean>`EXISTS (SELECT 1 FROM favorites f WHERE f.lot_id = l.id AND f.user_id = ${userId})`.as(
            'is_favorite',
          )
        : sql<boolean>`false`.as('is_favorite'),
      sql<number>`(SELECT a.status FROM auctions a WHERE a.id = l.auction_id)`.as('auction_status'),
      userId
        ? sql<number>`(SELECT coalesce(sum(p.quantity), 0)::int FROM lot_purchases p
            WHERE p.lot_id = l.id AND p.bidder_id = ${userId})`.as('owned_quantity')
        : sql<number>`0`.as('owned_quantity'),
      userId
        ? sql<number | null>`(SELECT m.max_amount FROM lot_max_bids m
            WHERE m.lot_id = l.id AND m.bidder_id = ${userId})`.as('user_max_bid')
        : sql<number | null>`NULL::bigint`.as('user_max_bid'),
    ]);
}

export type LotRow = Awaited<ReturnType<ReturnType<typeof lotQuery>['executeTakeFirstOrThrow']>>;

export function findLot(db: Db, lotId: number, userId: string | null): Promise<LotRow | undefined> {
  return findLotQuery(db, lotId, userId).executeTakeFirst();
}

export function findLotQuery(db: Db, lotId: number, userId: string | null) {
  return lotQuery(db, userId).where('l.id', '=', lotId);
}

/** Full rows of the given lots (a page of the lot table), in no particular order. */
export function lotsByIdQuery(db: Db, lotIds: number[], userId: string | null) {
  return lotQuery(db, userId).where('l.id', '=', sql<number>`any(${lotIds}::int[])`);
}

/**
 * What the lot table filters, searches and orders an auction's lots on, and nothing else: the
 * table reads this for every lot of the auction (cached briefly, listingCache.ts), then the full
 * rows (texts, photos, the user's banner) of one page only. The user's favourites come apart
 * (`favoriteLotIds`), so one listing serves everyone.
 */
export function auctionListingQuery(db: Db, auctionId: number) {
  return db
    .selectFrom('lots as l')
    .leftJoin('lot_views as v', 'v.lot_id', 'l.id')
    .select([
      'l.id',
      'l.lot_number',
      'l.starting_bid',
      'l.is_hidden as configured_hidden',
      'l.organization_team_id',
      'l.closing_group_id',
      'l.date_completed',
      'l.allows_time_extension',
      'l.minutes_left_before_allowing_extension',
      'v.status',
      'v.is_hidden',
      'v.price',
      'v.leader_id',
      'v.ends_at',
      sql<string[]>`(SELECT coalesce(array_agg(t.name), '{}') FROM lot_translations t WHERE t.lot_id = l.id)`.as(
        'names',
      ),
      sql<
        number[]
      >`(SELECT coalesce(array_agg(c.category_id ORDER BY c.category_id), '{}') FROM lot_categories c WHERE c.lot_id = l.id)`.as(
        'category_ids',
      ),
    ])
    .where('l.auction_id', '=', auctionId);
}

/** The lots of an auction the user marked as favourites; `shownOnly`, those not hidden. */
export async function favoriteLotIds(
  db: Db,
  auctionId: number,
  userId: string,
  { shownOnly = false } = {},
): Promise<Set<number>> {
  let query = db
    .selectFrom('favorites as f')
    .innerJoin('lots as l', 'l.id', 'f.lot_id')
    .select('f.lot_id')
    .where('f.user_id', '=', userId)
    .where('l.auction_id', '=', auctionId);
  // Hidden: the engine's flag over the row's, as every read takes it.
  if (shownOnly) {
    query = query.where(
      sql<boolean>`NOT coalesce((SELECT v.is_hidden FROM lot_views v WHERE v.lot_id = l.id), l.is_hidden)`,
    );
  }
  const rows = await query.execute();
  return new Set(rows.map((row) => row.lot_id));
}

export type ListingRow = Awaited<ReturnType<ReturnType<typeof auctionListingQuery>['execute']>>[number];

/** "Also interested in": visible lots of the same auction sharing a category, by lot number. */
export function relatedLotsQuery(db: Db, lot: LotRow, userId: string | null, limit = 4) {
  return lotQuery(db, userId)
    .where('l.auction_id', '=', lot.auction_id)
    .where('l.id', '!=', lot.id)
    .where(sql<boolean>`NOT coalesce(v.is_hidden, l.is_hidden)`)
    .where(
      sql<boolean>`EXISTS (SELECT 1 FROM lot_categories c WHERE c.lot_id = l.id AND c.category_id = ANY(${lot.category_ids}))`,
    )
    .orderBy('l.lot_number')
    .limit(limit);
}
