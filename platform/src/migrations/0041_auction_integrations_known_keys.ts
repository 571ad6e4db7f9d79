import { type Kysely, sql } from 'kysely';

/**
 * Two auction settings the operator API took without checking, made to hold what it now accepts.
 *
 * - `integrations` took any key, and the auction's answer sets them flat beside its own fields: a
 *   key named `company_Id` made every read of the auction fail, one named `organizationName` made
 *   it name another charity. Only spec 001 §3's analytics and pixel flags and ids are kept, each
 *   with a value of its kind (a flag true or false, an id text), as the API now takes them
 *   (`AUCTION_INTEGRATION_FLAGS` and `AUCTION_INTEGRATION_IDS`, contract/src/operator.ts). The keys
 *   are written out here rather than imported: this is what was kept when it ran, whatever the
 *   list becomes later. The others are dropped, not kept aside: nothing reads them.
 * - `stripe_information_id` took any number. An id with no configuration behind it left bidders
 *   unable to add a card (404 stripe_information_not_found), so nobody could bid on an auction
 *   requiring one. Such ids are set to NULL, which is the organisation's company's first
 *   configuration (api/src/payments/cardSql.ts), what the auction would have had without the
 *   setting, rather than a configuration picked for it here; then the column references
 *   stripe_informations, so none can be stored again. An id of another company's configuration is
 *   left as it is: cards may already be on file under it for the auction, and moving them to
 *   another Stripe account is the operator's decision; the API refuses new ones.
 */
const INTEGRATION_FLAGS = ['usesGoogleAnalytics', 'usesFacebookPixel'];
const INTEGRATION_IDS = ['googleAnalyticsId', 'facebookPixelId'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE auctions a SET integrations = kept.integrations
    FROM (
      SELECT id, coalesce(
        (SELECT jsonb_object_agg(key, value) FROM jsonb_each(integrations)
          WHERE (key = ANY(${INTEGRATION_FLAGS}::text[]) AND jsonb_typeof(value) = 'boolean')
            OR (key = ANY(${INTEGRATION_IDS}::text[]) AND jsonb_typeof(value) = 'string')),
        '{}'::jsonb) AS integrations
      -- jsonb_each fails on anything but an object; the API only ever wrote objects.
      FROM auctions WHERE jsonb_typeof(integrations) = 'object'
    ) kept
    WHERE kept.id = a.id AND kept.integrations <> a.integrations`.execute(db);
  await sql`
    UPDATE auctions SET stripe_information_id = NULL
    WHERE stripe_information_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM stripe_informations si WHERE si.id = auctions.stripe_information_id)`.execute(db);
  await sql`
    ALTER TABLE auctions ADD CONSTRAINT auctions_stripe_information_id_fkey
      FOREIGN KEY (stripe_information_id) REFERENCES stripe_informations(id)`.execute(db);
}

/** The keys and ids removed are not put back: they were what broke the auctions. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auctions DROP CONSTRAINT auctions_stripe_information_id_fkey`.execute(db);
}
