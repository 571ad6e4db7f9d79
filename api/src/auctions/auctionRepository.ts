import type { Db } from '@auction/platform';
import { sql } from 'kysely';

/** Auctions visible in lists: Planning (1) and Archived (6) are hidden (spec 001 §4). */
export const LISTED_STATUSES = [2, 3, 4, 5];

function auctionQuery(db: Db) {
  return db
    .selectFrom('auctions as a')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .select([
      'a.id',
      'a.status',
      'a.url_magic_link',
      'a.type',
      'a.languages',
      'a.date_pre_open',
      'a.date_open',
      'a.date_completed',
      'a.completed_date',
      'a.is_available',
      'a.organization_id',
      'o.name as organization_name',
      'a.currency',
      'a.banner_english',
      'a.banner_french',
      'a.donation_type',
      'a.colors',
      sql<
        Array<{ languageCode: 'en' | 'fr'; titleShort: string; description: string; teamAppellation: string | null }>
      >`(SELECT coalesce(json_agg(json_build_object('languageCode', t.language_code, 'titleShort', t.title_short,
          'description', t.description, 'teamAppellation', t.team_appellation) ORDER BY t.language_code), '[]')
         FROM auction_translations t WHERE t.auction_id = a.id)`.as('translations'),
      sql<number>`(SELECT count(*)::int FROM lots l WHERE l.auction_id = a.id AND NOT l.is_hidden)`.as('lot_count'),
    ]);
}

export type AuctionRow = Awaited<ReturnType<ReturnType<typeof auctionQuery>['executeTakeFirstOrThrow']>>;

export function listAuctions(db: Db): Promise<AuctionRow[]> {
  return auctionQuery(db)
    .where('a.status', 'in', LISTED_STATUSES)
    .orderBy('a.status', 'asc')
    .orderBy('a.date_completed', 'asc')
    .execute();
}

export function findAuctionByUrlMagicLink(db: Db, urlMagicLink: string): Promise<AuctionRow | undefined> {
  return auctionQuery(db).where(sql<boolean>`lower(a.url_magic_link) = lower(${urlMagicLink})`).executeTakeFirst();
}

/** The few facts most calls need of an auction named by its link (compared without case). */
export function findAuctionRef(
  db: Db,
  urlMagicLink: string,
): Promise<{ id: number; organization_id: number; status: number } | undefined> {
  return db
    .selectFrom('auctions')
    .select(['id', 'organization_id', 'status'])
    .where(sql<boolean>`lower(url_magic_link) = lower(${urlMagicLink})`)
    .executeTakeFirst();
}
