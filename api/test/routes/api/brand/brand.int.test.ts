import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testApp.ts';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp({ demo: false, app: { brandAnalytics: { 2: 'G-POPABID01' } } });
});
afterAll(async () => {
  await test?.close();
});

const brandOf = async (host: string) => {
  const answer = await test.app.inject({ method: 'GET', url: '/api/brand', headers: { host } });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers.vary).toContain('Host');
  return answer.json();
};

describe('the brand by host', () => {
  it('answers brand 1 (signature) on localhost, with its product name and contact details', async () => {
    const brand = await brandOf('localhost:4106');
    expect(brand).toMatchObject({
      id: 1,
      key: 'signature',
      providerKind: 1,
      productName: { en: 'Charity Auctions', fr: 'Encans caritatifs' },
      analyticsProperty: null,
      showOrganizeAuctionLink: true,
      priceRangeMax: 1000,
    });
    expect(brand.contact.email).toMatch(/@/);
  });

  it('answers brand 2 (pop-a-bid) on 127.0.0.1, with its analytics property, numeric default and flag', async () => {
    const brand = await brandOf('127.0.0.1:4106');
    expect(brand).toMatchObject({
      id: 2,
      key: 'pop-a-bid',
      providerKind: 2,
      analyticsProperty: 'G-POPABID01',
      showOrganizeAuctionLink: false,
      priceRangeMax: 500,
    });
  });

  it('answers the default brand for a host not in the table', async () => {
    expect((await brandOf('evil.example')).id).toBe(1);
  });
});
