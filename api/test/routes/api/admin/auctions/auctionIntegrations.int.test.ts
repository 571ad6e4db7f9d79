import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callAs } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { useTestApp } from '../../../../useTestApp.ts';

/**
 * The auction's analytics and pixel integrations (spec 001 §3) sit flat in its answer beside its
 * own fields, so only their known keys are taken (docs/operator-api.md): a key named like another
 * field would have replaced it (`organizationName`) or made every read of the auction fail
 * (`company_Id`, a number in the answer's schema).
 */
const test = useTestApp();
const staff = useDemoStaff(test, 'admin');

/** A listed, public, active auction of a new organisation: shown on the home page and by its link. */
async function newAuction() {
  const organization = await callAs(test.app, staff.admin, 'POST', '/api/admin/organizations', {
    name: `Fondation ${randomUUID()}`,
  });
  const urlMagicLink = `pixel-${randomUUID().slice(0, 8)}`;
  const created = await callAs(test.app, staff.admin, 'POST', '/api/admin/auctions', {
    organizationId: organization.json().id,
    urlMagicLink,
    status: 3,
    translations: { fr: { titleShort: 'Gala du pixel' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  return {
    id: created.json().id as number,
    organizationId: organization.json().id as number,
    urlMagicLink,
    organizationName: created.json().organizationName as string,
  };
}

const stored = async (id: number) =>
  test.database.db
    .selectFrom('auctions')
    .select(['integrations', 'hide_countdown'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const edit = (id: number, body: Record<string, unknown>) =>
  callAs(test.app, staff.admin, 'PATCH', `/api/admin/auctions/${id}`, body);

/** Every read that shows the auction: its page, the operators' list and the home page's. */
async function reads(auction: { id: number; urlMagicLink: string }) {
  const page = await test.app.inject({
    method: 'GET',
    url: `/api/auctions/url-magic-link?urlMagicLink=${auction.urlMagicLink}`,
  });
  const operatorList = await callAs(test.app, staff.admin, 'GET', '/api/admin/auctions');
  const home = await test.app.inject({ method: 'GET', url: '/api/auctions' });
  return { page, operatorList, home };
}

describe("an auction's integrations", () => {
  it('refuses a key that is not an integration, field by field, changing nothing', async () => {
    const auction = await newAuction();
    await edit(auction.id, { integrations: { usesFacebookPixel: true } });
    const before = await stored(auction.id);
    for (const key of ['company_Id', 'organizationName', 'id', 'somethingElse']) {
      const refused = await edit(auction.id, { hideCountdown: true, integrations: { [key]: 'x' } });
      expect([key, refused.statusCode]).toEqual([key, 400]);
      expect(refused.json()).toMatchObject({
        message: 'validation_failed',
        errors: [{ field: 'body.integrations', message: 'unknown_field' }],
      });
    }
    // A flag is true or false, an id text.
    const wrongKind = await edit(auction.id, { integrations: { usesGoogleAnalytics: 'yes', facebookPixelId: 12 } });
    expect(wrongKind.statusCode).toBe(400);
    expect(
      wrongKind
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['body.integrations.facebookPixelId', 'body.integrations.usesGoogleAnalytics']);
    expect(await stored(auction.id)).toEqual(before);
    const urlMagicLink = `pixel-${randomUUID().slice(0, 8)}`;
    const notCreated = await callAs(test.app, staff.admin, 'POST', '/api/admin/auctions', {
      organizationId: auction.organizationId,
      urlMagicLink,
      translations: { fr: { titleShort: 'Gala' } },
      integrations: { company_Id: 'x' },
    });
    expect(notCreated.statusCode).toBe(400);
    expect(await test.database.db.selectFrom('auctions').where('url_magic_link', '=', urlMagicLink).execute()).toEqual(
      [],
    );
    const { page, operatorList, home } = await reads(auction);
    expect([page.statusCode, operatorList.statusCode, home.statusCode]).toEqual([200, 200, 200]);
    expect(page.json()).toMatchObject({ organizationName: auction.organizationName, usesFacebookPixel: true });
  });

  it('sets the known flags and ids, flat in the answer, and removes one given null', async () => {
    const auction = await newAuction();
    const set = await edit(auction.id, {
      integrations: { usesGoogleAnalytics: true, googleAnalyticsId: 'G-ABC123', facebookPixelId: '1234567890' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      usesGoogleAnalytics: true,
      googleAnalyticsId: 'G-ABC123',
      facebookPixelId: '1234567890',
    });

    const removed = await edit(auction.id, { integrations: { googleAnalyticsId: null, usesFacebookPixel: false } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).not.toHaveProperty('googleAnalyticsId');
    expect(removed.json()).toMatchObject({ usesGoogleAnalytics: true, usesFacebookPixel: false });
    expect((await stored(auction.id)).integrations).toEqual({
      usesGoogleAnalytics: true,
      facebookPixelId: '1234567890',
      usesFacebookPixel: false,
    });
    const page = (await reads(auction)).page;
    expect(page.statusCode).toBe(200);
    expect(page.json()).not.toHaveProperty('googleAnalyticsId');
    expect(page.json()).toMatchObject({ usesGoogleAnalytics: true, facebookPixelId: '1234567890' });
  });

  it("reads an auction whose stored integrations name other fields without letting them replace the auction's own", async () => {
    const auction = await newAuction();
    const companyId = (await edit(auction.id, { integrations: { usesFacebookPixel: true } })).json().company_Id;
    // As the API stored them before the keys were checked (migration 0041 removes them).
    await test.database.db
      .updateTable('auctions')
      .set({
        integrations: JSON.stringify({
          company_Id: 'x',
          organizationName: 'Another charity',
          status: 'x',
          urlMagicLink: 'elsewhere',
          usesFacebookPixel: true,
          googleAnalyticsId: false,
        }),
      })
      .where('id', '=', auction.id)
      .execute();

    const { page, operatorList, home } = await reads(auction);
    expect([page.statusCode, operatorList.statusCode, home.statusCode]).toEqual([200, 200, 200]);
    const fixed = { id: auction.id, status: 3, urlMagicLink: auction.urlMagicLink };
    expect(page.json()).toMatchObject({
      ...fixed,
      organizationName: auction.organizationName,
      company_Id: companyId,
      usesFacebookPixel: true,
    });
    // An id that is not text is not an id.
    expect(page.json()).not.toHaveProperty('googleAnalyticsId');
    const listed = operatorList.json().find((each: { id: number }) => each.id === auction.id);
    expect(listed).toMatchObject({ ...fixed, organizationName: auction.organizationName, company_Id: companyId });
    const onHome = home.json().find((each: { id: number }) => each.id === auction.id);
    expect(onHome).toMatchObject({ ...fixed, organizationName: auction.organizationName, company_Id: companyId });

    // The next edit of the integrations keeps only the known ones.
    const edited = await edit(auction.id, { integrations: { facebookPixelId: '42' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await stored(auction.id)).integrations).toEqual({ usesFacebookPixel: true, facebookPixelId: '42' });
  });
});
