import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../src/migrations/0041_auction_integrations_known_keys.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** Auctions as the API stored them before the migration: any integration key, any configuration id. */
const AUCTIONS = [
  {
    link: 'overwritten',
    integrations: {
      company_Id: 'x',
      organizationName: 'Another charity',
      usesFacebookPixel: true,
      facebookPixelId: '1234567890',
      usesGoogleAnalytics: 'yes',
      googleAnalyticsId: false,
    },
    stripeInformationId: 999_999,
  },
  { link: 'clean', integrations: { googleAnalyticsId: 'G-ABC123' }, stripeInformationId: 1 },
  // Another company's configuration (the organisation is company 1's): cards may be on file under it.
  { link: 'other-company', integrations: {}, stripeInformationId: 2 },
  { link: 'none', integrations: { key: 'value' }, stripeInformationId: null },
];

const byLink = async () => {
  const { rows } = await sql<{ url_magic_link: string; integrations: object; stripe_information_id: number | null }>`
    SELECT url_magic_link, integrations, stripe_information_id FROM auctions ORDER BY id`.execute(database.db);
  return Object.fromEntries(rows.map((row) => [row.url_magic_link, row]));
};

describe('migration 0041', () => {
  it("keeps only the known integrations, each of its kind, and sets unknown configurations to the company's", async () => {
    const db = database.db as unknown as Kysely<unknown>;
    await down(db);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO organizations (name, company_id) VALUES ('Fondation 0041', 1) RETURNING id`.execute(db);
    const organizationId = rows[0]?.id;
    for (const auction of AUCTIONS) {
      await sql`
        INSERT INTO auctions (organization_id, url_magic_link, integrations, stripe_information_id)
        VALUES (${organizationId}, ${auction.link}, ${JSON.stringify(auction.integrations)},
          ${auction.stripeInformationId})`.execute(db);
    }

    await up(db);

    const after = await byLink();
    expect(after.overwritten).toMatchObject({
      integrations: { usesFacebookPixel: true, facebookPixelId: '1234567890' },
      stripe_information_id: null,
    });
    expect(after.clean).toMatchObject({ integrations: { googleAnalyticsId: 'G-ABC123' }, stripe_information_id: 1 });
    expect(after['other-company']).toMatchObject({ integrations: {}, stripe_information_id: 2 });
    expect(after.none).toMatchObject({ integrations: {}, stripe_information_id: null });
  });

  it('leaves the column referencing the configurations, so an unknown one cannot be stored again', async () => {
    const { rows } = await sql<{ id: number }>`SELECT id FROM auctions WHERE url_magic_link = 'clean'`.execute(
      database.db,
    );
    await expect(
      sql`UPDATE auctions SET stripe_information_id = 999999 WHERE id = ${rows[0]?.id}`.execute(database.db),
    ).rejects.toMatchObject({ code: '23503' });
  });
});
