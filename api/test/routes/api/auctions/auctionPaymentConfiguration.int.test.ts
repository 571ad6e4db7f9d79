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
    const own = await db
      .selectFrom('auctions')
      .select('stripe_information_id')
      .where('url_magic_link', '=', 'demo-gala')
      .executeTakeFirstOrThrow();
    expect(own.stripe_information_id).toBeNull();
    const first = await db
      .selectFrom('stripe_informations as si')
      .innerJoin('organizations as o', 'o.company_id', 'si.company_id')
      .innerJoin('auctions as a', 'a.organization_id', 'o.id')
      .where('a.url_magic_link', '=', 'demo-gala')
      .select('si.id')
      .orderBy('si.id')
      .executeTakeFirstOrThrow();
    expect(await configurationOf('demo-gala')).toBe(first.id);

    const other = await db
      .insertInto('stripe_informations')
      .values({ company_id: 2, name: 'Other' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('auctions')
      .set({ stripe_information_id: other.id })
      .where('url_magic_link', '=', 'demo-gala')
      .execute();
    expect(await configurationOf('demo-gala')).toBe(other.id);
  });
});
