import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { callAs } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { useTestApp } from '../../../../useTestApp.ts';

/**
 * Bidders add their cards under the auction's payment configuration, so `stripeInformationId` must
 * be one of the configurations of its organisation's company (`GET
 * /api/dropdowns/stripeinformations/{companyId}`); an unknown one left nobody able to add a card.
 */
const test = useTestApp();
const staff = useDemoStaff(test, 'admin');

/** The demo's configurations: one per company (migration 0014). */
async function configurationOf(companyId: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM stripe_informations WHERE company_id = ${companyId} ORDER BY id LIMIT 1`.execute(test.database.db);
  return rows[0]?.id as number;
}

async function newOrganization(companyId: 1 | 2): Promise<number> {
  const organization = await callAs(test.app, staff.admin, 'POST', '/api/admin/organizations', {
    name: `Fondation ${randomUUID()}`,
    companyId,
  });
  expect(organization.statusCode, organization.body).toBe(201);
  return organization.json().id;
}

async function newAuction(organizationId: number): Promise<number> {
  const created = await callAs(test.app, staff.admin, 'POST', '/api/admin/auctions', {
    organizationId,
    urlMagicLink: `carte-${randomUUID().slice(0, 8)}`,
    translations: { fr: { titleShort: 'Gala' } },
    requireCCToBid: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

const stored = (id: number) =>
  test.database.db
    .selectFrom('auctions')
    .select(['stripe_information_id', 'hide_countdown'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const refusal = {
  message: 'validation_failed',
  messages: ['stripe_information_not_found'],
  errors: [{ field: 'body.stripeInformationId', message: 'stripe_information_not_found' }],
};

describe("an auction's payment configuration", () => {
  it("refuses one that does not exist or is another company's, changing nothing", async () => {
    const auctionId = await newAuction(await newOrganization(1));
    const before = await stored(auctionId);
    for (const stripeInformationId of [999_999, await configurationOf(2)]) {
      const refused = await callAs(test.app, staff.admin, 'PATCH', `/api/admin/auctions/${auctionId}`, {
        stripeInformationId,
        hideCountdown: true,
      });
      expect([stripeInformationId, refused.statusCode]).toEqual([stripeInformationId, 400]);
      expect(refused.json()).toMatchObject(refusal);
    }
    expect(await stored(auctionId)).toEqual(before);
    const answer = await callAs(test.app, staff.admin, 'GET', `/api/admin/auctions/${auctionId}`);
    // Cards are still added under the company's own configuration.
    expect(answer.json().stripeInformation_Id).toBe(await configurationOf(1));
  });

  it('refuses it on creation too, creating nothing', async () => {
    const organizationId = await newOrganization(2);
    const urlMagicLink = `carte-${randomUUID().slice(0, 8)}`;
    const refused = await callAs(test.app, staff.admin, 'POST', '/api/admin/auctions', {
      organizationId,
      urlMagicLink,
      translations: { fr: { titleShort: 'Gala' } },
      stripeInformationId: await configurationOf(1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(refusal);
    const created = await test.database.db
      .selectFrom('auctions')
      .select('id')
      .where('url_magic_link', '=', urlMagicLink)
      .execute();
    expect(created).toEqual([]);
  });

  it("takes one of its company's, and null back to the company's first", async () => {
    const auctionId = await newAuction(await newOrganization(2));
    const own = await configurationOf(2);
    const taken = await callAs(test.app, staff.admin, 'PATCH', `/api/admin/auctions/${auctionId}`, {
      stripeInformationId: own,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().stripeInformation_Id).toBe(own);
    expect((await stored(auctionId)).stripe_information_id).toBe(own);

    const cleared = await callAs(test.app, staff.admin, 'PATCH', `/api/admin/auctions/${auctionId}`, {
      stripeInformationId: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await stored(auctionId)).stripe_information_id).toBeNull();
    expect(cleared.json().stripeInformation_Id).toBe(own);
  });
});
