import { LISTED_AUCTION_STATUSES } from '@auction/contract';
import type { AuctionPhotosTable, Db, Translations } from '@auction/platform';
import { type Selectable, sql } from 'kysely';
import { visibleAuctionSql } from '../authorization/auctionAccess.ts';
import { auctionStripeInformationSql } from '../payments/cardSql.ts';

function auctionQuery(db: Db) {
  return db
    .selectFrom('auctions as a')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .selectAll('a')
    .select([
      'o.name as organization_name',
      'o.company_id',
      sql<
        Array<{ languageCode: 'en' | 'fr'; titleShort: string; description: string; teamAppellation: string | null }>
      >`(SELECT coalesce(json_agg(json_build_object('languageCode', t.language_code, 'titleShort', t.title_short,
          'description', t.description, 'teamAppellation', t.team_appellation) ORDER BY t.language_code), '[]')
         FROM auction_translations t WHERE t.auction_id = a.id)`.as('translations'),
      sql<Array<{ id: number; order: number; translations: Translations }>>`
        (SELECT coalesce(json_agg(json_build_object('id', c.id, 'order', c."order", 'translations', c.translations)
          ORDER BY c."order", c.id), '[]') FROM item_categories c WHERE c.auction_id = a.id)`.as('item_categories'),
      sql<Array<{ id: number; isHiddenInMenu: boolean; dateCompleted: string; translations: Translations }>>`
        (SELECT coalesce(json_agg(json_build_object('id', g.id, 'isHiddenInMenu', g.is_hidden_in_menu,
          'dateCompleted', g.ends_at, 'translations', g.translations) ORDER BY g.ends_at, g.id), '[]')
          FROM closing_groups g WHERE g.auction_id = a.id)`.as('closing_groups'),
      sql<Array<{ id: number; order: number; translations: TabTranslations }>>`
        (SELECT coalesce(json_agg(json_build_object('id', t.id, 'order', t."order", 'translations', t.translations)
          ORDER BY t."order", t.id), '[]') FROM auction_tabs t WHERE t.auction_id = a.id)`.as('tabs'),
      sql<Array<AuctionPhotoRow>>`
        (SELECT coalesce(json_agg(p ORDER BY p."order", p.id), '[]') FROM auction_photos p
          WHERE p.auction_id = a.id)`.as('photos'),
      sql<Array<{ id: number; order: number; amount: number | null; is_other_amount: boolean }>>`
        (SELECT coalesce(json_agg(json_build_object('id', d.id, 'order', d."order", 'amount', d.amount,
          'is_other_amount', d.is_other_amount) ORDER BY d."order", d.id), '[]')
          FROM donation_presets d WHERE d.auction_id = a.id)`.as('donation_presets'),
      sql<number>`(SELECT count(*)::int FROM lots l WHERE l.auction_id = a.id AND NOT l.is_hidden)`.as('lot_count'),
      sql<boolean>`EXISTS (SELECT 1 FROM organization_tax_rates r WHERE r.organization_id = a.organization_id)`.as(
        'charges_taxes',
      ),
      // The configuration its cards are added under and charged through (its own, else its company's first).
      sql<number | null>`${sql.raw(auctionStripeInformationSql('a'))}`.as('payment_stripe_information_id'),
    ]);
}

/** An auction photo row as PostgreSQL's json of the row gives it (snake_case, as stored). */
export type AuctionPhotoRow = Omit<Selectable<AuctionPhotosTable>, never>;
/** As the operator API stores them: a tab's title and content are optional (contract's `tabFields`). */
type TabTranslations = Partial<Record<'en' | 'fr', { name: string; url: string; title?: string; content?: string }>>;

export type AuctionRow = Awaited<ReturnType<ReturnType<typeof auctionQuery>['executeTakeFirstOrThrow']>>;

/** The listed auctions the viewer may see: private ones only for their staff and admitted bidders. */
export function listAuctions(db: Db, viewerId: string | null): Promise<AuctionRow[]> {
  // Auctions visible in lists: Planning and Archived are hidden (spec 001 §4).
  return auctionQuery(db)
    .where('a.status', 'in', LISTED_AUCTION_STATUSES)
    .where(visibleAuctionSql(viewerId))
    .orderBy('a.status', 'asc')
    .orderBy('a.date_completed', 'asc')
    .execute();
}

export function findAuctionByUrlMagicLink(db: Db, urlMagicLink: string): Promise<AuctionRow | undefined> {
  return auctionQuery(db).where(sql<boolean>`lower(a.url_magic_link) = lower(${urlMagicLink})`).executeTakeFirst();
}

export function findAuction(db: Db, auctionId: number): Promise<AuctionRow | undefined> {
  return auctionQuery(db).where('a.id', '=', auctionId).executeTakeFirst();
}

/** Every auction of the given organisations (null: all), whatever its status: the operator's list. */
export function listOrganizationAuctions(db: Db, organizationIds: readonly number[] | null): Promise<AuctionRow[]> {
  let query = auctionQuery(db);
  if (organizationIds)
    query = query.where('a.organization_id', 'in', organizationIds.length ? [...organizationIds] : [0]);
  return query.orderBy('a.date_completed', 'desc').orderBy('a.id', 'desc').execute();
}

/** The few facts most calls need of an auction named by its link (compared without case). */
export function findAuctionRef(
  db: Db,
  urlMagicLink: string,
): Promise<{ id: number; organization_id: number; status: number; type: number } | undefined> {
  return db
    .selectFrom('auctions')
    .select(['id', 'organization_id', 'status', 'type'])
    .where(sql<boolean>`lower(url_magic_link) = lower(${urlMagicLink})`)
    .executeTakeFirst();
}
