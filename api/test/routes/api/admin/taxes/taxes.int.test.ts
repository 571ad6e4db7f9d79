import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useInvoiceTest } from '../../invoices/invoiceFixtures.ts';

// An organisation's taxes (docs/payments.md "Taxes"): read and replaced whole by those who manage
// it, taken by the invoices generated afterwards, never by those already generated.
const kit = useInvoiceTest();
const { test } = kit;
let admin: string;
beforeAll(async () => {
  admin = (await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token;
});

function call(method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const taxesUrl = (organizationId: number) => `/api/admin/organizations/${organizationId}/taxes`;
const ONTARIO = [{ translations: { fr: 'TVH', en: 'HST' }, rate: '13' }];

async function newOrganization(): Promise<number> {
  const created = await call('POST', '/api/admin/organizations', admin, { name: `Fondation ${randomUUID()}` });
  expect(created.statusCode).toBe(201);
  return created.json().id;
}

describe("an organisation's taxes", () => {
  it("are the demo organisation's Quebec taxes, named in each language, for its manager", async () => {
    const answer = await call('GET', taxesUrl(kit.organizationId), kit.manager);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      taxes: [
        { translations: { fr: 'TPS', en: 'GST' }, rate: 5, ratePpm: 50_000 },
        { translations: { fr: 'TVQ', en: 'QST' }, rate: 9.975, ratePpm: 99_750 },
      ],
    });
  });

  it('are replaced whole and in order; the same list sent again changes nothing; an empty list charges none', async () => {
    const organizationId = await newOrganization();
    expect((await call('GET', taxesUrl(organizationId), admin)).json()).toEqual({ taxes: [] });

    const quebec = [
      { translations: { fr: 'TPS', en: 'GST' }, rate: '5' },
      { translations: { fr: 'TVQ', en: 'QST' }, rate: '9,975 %' },
    ];
    const set = await call('PUT', taxesUrl(organizationId), admin, { taxes: quebec });
    expect(set.statusCode, set.body).toBe(200);
    const expected = {
      taxes: [
        { translations: { fr: 'TPS', en: 'GST' }, rate: 5, ratePpm: 50_000 },
        { translations: { fr: 'TVQ', en: 'QST' }, rate: 9.975, ratePpm: 99_750 },
      ],
    };
    expect(set.json()).toEqual(expected);
    expect((await call('PUT', taxesUrl(organizationId), admin, { taxes: quebec })).json()).toEqual(expected);
    expect((await call('GET', taxesUrl(organizationId), admin)).json()).toEqual(expected);

    // One name is enough: the invoice prints it in both languages.
    const one = await call('PUT', taxesUrl(organizationId), admin, {
      taxes: [{ translations: { en: 'HST' }, rate: 13 }],
    });
    expect(one.json()).toEqual({ taxes: [{ translations: { en: 'HST' }, rate: 13, ratePpm: 130_000 }] });

    expect((await call('PUT', taxesUrl(organizationId), admin, { taxes: [] })).json()).toEqual({ taxes: [] });
  });

  it.each([
    ['more than four decimals', { taxes: [{ translations: { fr: 'TVH' }, rate: '13.00001' }] }, 'invalid_tax_rate'],
    ['a rate of zero', { taxes: [{ translations: { fr: 'TVH' }, rate: '0' }] }, 'invalid_tax_rate'],
    ['more than 100 %', { taxes: [{ translations: { fr: 'TVH' }, rate: '100.5' }] }, 'invalid_tax_rate'],
    ['a rate that is not a number', { taxes: [{ translations: { fr: 'TVH' }, rate: 'treize' }] }, 'invalid_tax_rate'],
    ['no name', { taxes: [{ translations: {}, rate: '13' }] }, 'translation_required'],
    [
      'five taxes',
      { taxes: Array.from({ length: 5 }, (_, i) => ({ translations: { fr: `Taxe ${i}` }, rate: '1' })) },
      'too_many_taxes',
    ],
  ])('refuse %s with 400 and change nothing', async (_, body, key) => {
    const organizationId = await newOrganization();
    await call('PUT', taxesUrl(organizationId), admin, { taxes: ONTARIO });
    const refused = await call('PUT', taxesUrl(organizationId), admin, body);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(key);
    expect((await call('GET', taxesUrl(organizationId), admin)).json().taxes).toEqual([
      { translations: { fr: 'TVH', en: 'HST' }, rate: 13, ratePpm: 130_000 },
    ]);
  });

  it('are not found for a manager of another organisation, refused to a bidder and to a visitor', async () => {
    const organizationId = await newOrganization();
    for (const method of ['GET', 'PUT'] as const) {
      const other = await call(method, taxesUrl(organizationId), kit.manager, { taxes: ONTARIO });
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('organization_not_found');
    }
    const bidder = await registerConfirmed(test);
    expect((await call('PUT', taxesUrl(organizationId), bidder.token, { taxes: ONTARIO })).statusCode).toBe(403);
    expect((await call('PUT', taxesUrl(organizationId), null, { taxes: ONTARIO })).statusCode).toBe(401);
    expect((await call('GET', taxesUrl(organizationId), admin)).json()).toEqual({ taxes: [] });
    expect((await call('GET', taxesUrl(2_000_000), admin)).statusCode).toBe(404);
  });

  it('leave an invoice already generated with the taxes it was generated with', async () => {
    const bidder = await registerConfirmed(test);
    const invoice = await kit.fixtures().invoiceFor(bidder.id, [{ amount: 100_00 }]);
    const before = (await call('GET', `/api/auctions/invoice/${invoice.public_id}`, bidder.token)).json();
    const demoTaxes = (await call('GET', taxesUrl(kit.organizationId), kit.manager)).json().taxes;

    expect((await call('PUT', taxesUrl(kit.organizationId), kit.manager, { taxes: ONTARIO })).statusCode).toBe(200);
    const after = (await call('GET', `/api/auctions/invoice/${invoice.public_id}`, bidder.token)).json();
    expect(after.taxes).toEqual(before.taxes);
    expect(after.invoiceTotal).toEqual({ value: 114.98, currencyCode: 'CAD' });

    // The demo organisation's taxes put back as they were, through the same call.
    const back = demoTaxes.map((tax: { translations: object; rate: number }) => ({
      translations: tax.translations,
      rate: String(tax.rate),
    }));
    expect((await call('PUT', taxesUrl(kit.organizationId), kit.manager, { taxes: back })).json().taxes).toEqual(
      demoTaxes,
    );
  });
});
