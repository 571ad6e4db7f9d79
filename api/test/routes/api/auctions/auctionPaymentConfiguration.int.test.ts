import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

const configurationOf = async (urlMagicLink: string) =>
  (await test.app.inject({ url: `/api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}` })).json()
    .stripeInformation_Id;

/**
 * The web app adds a card under the configuration the auction answers (docs/payments.md "Adding a
 * card"): the auction's own, else its organisation's company's first, as the card rules read it.
 */
describe("an auction's payment configuration", () => {
  it("is its company's first without one of its own, and its own when it has one", async () => {
    const { db } = test.database;
    const first = await sql<{ own: number | null; first: number }>`
      SELECT a.stripe_information_id AS own,
        (SELECT si.id FROM stripe_informations si WHERE si.company_id = o.company_id ORDER BY si.id LIMIT 1) AS first
      FROM auctions a JOIN organizations o ON o.id = a.organization_id WHERE a.url_magic_link = 'demo-gala'`.execute(
      db,
    );
    expect(first.rows[0]?.own).toBeNull();
    expect(await configurationOf('demo-gala')).toBe(first.rows[0]?.first);

    const other = await sql<{ id: number }>`
      INSERT INTO stripe_informations (company_id, name) VALUES (2, 'Other') RETURNING id`.execute(db);
    const otherId = other.rows[0]?.id as number;
    await sql`UPDATE auctions SET stripe_information_id = ${otherId} WHERE url_magic_link = 'demo-gala'`.execute(db);
    expect(await configurationOf('demo-gala')).toBe(otherId);
  });

  it('says whether the winners are charged at the close and whether purchases carry taxes, as a confirmation promises', async () => {
    const { db } = test.database;
    const read = async () =>
      (await test.app.inject({ url: '/api/auctions/url-magic-link?urlMagicLink=demo-gala' })).json();
    // The demo's organisation taxes (GST and QST) and leaves its winners to pay their invoices.
    expect(await read()).toMatchObject({ chargeAutomaticallyAtCompletion: false, chargesTaxes: true });
    await sql`UPDATE auctions SET charge_automatically_at_completion = true WHERE url_magic_link = 'demo-gala'`.execute(
      db,
    );
    await sql`DELETE FROM organization_tax_rates WHERE organization_id =
      (SELECT organization_id FROM auctions WHERE url_magic_link = 'demo-gala')`.execute(db);
    expect(await read()).toMatchObject({ chargeAutomaticallyAtCompletion: true, chargesTaxes: false });
  });
});
