// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Auction } from '../../src/auctions/types.ts';
import { MyBids } from '../../src/bids/MyBidsPage.tsx';
import { auctionFixture } from '../auctionFixture.ts';
import { lotFixture } from '../lotFixture.ts';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const auction = auctionFixture({ urlMagicLink: 'gala' }) as unknown as Auction;
const cad = (value: number) => ({ value, currencyCode: 'CAD' });
const names = (fr: string, en: string) => [
  { languageCode: 'fr' as const, name: fr, description: '', information: '', shippingInformation: '' },
  { languageCode: 'en' as const, name: en, description: '', information: '', shippingInformation: '' },
];
const bids = [
  {
    lot: { ...lotFixture({ id: 3, lotNumber: 3, translations: names('Vélo', 'Bike'), bidCount: 2, lastBid: cad(40) }) },
    myAmount: cad(40),
    standing: 'leading',
  },
  {
    lot: { ...lotFixture({ id: 1, lotNumber: 1, translations: names('Vin', 'Wine'), bidCount: 3, lastBid: cad(75) }) },
    myAmount: cad(60),
    standing: 'outbid',
  },
  {
    lot: { ...lotFixture({ id: 2, lotNumber: 2, translations: names('Spa', 'Spa day'), status: 5, bidCount: 1 }) },
    myAmount: cad(25),
    standing: 'won',
  },
];

function showMyBids(locale: 'en' | 'fr', answer: unknown = bids) {
  const api = stubFetch({ '/api/account/bids': json(answer) });
  vi.stubGlobal('fetch', api.fetch);
  // A computer's screen: the table (phones get cards).
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: true,
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  renderInApp(() => <MyBids auction={auction} />, locale);
  return api;
}

const rowTexts = async () => {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
};

describe('my bids', () => {
  it("lists the user's lots by number with their bid, the price and their standing, linking each lot", async () => {
    const api = showMyBids('en');
    const rows = await rowTexts();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/1.*Wine.*\$60\.00.*\$75\.00.*Outbid/);
    expect(rows[1]).toMatch(/2.*Spa day.*\$25\.00.*Won/);
    expect(rows[2]).toMatch(/3.*Bike.*\$40\.00.*Leading/);
    expect(screen.getByRole('link', { name: 'Wine' }).getAttribute('href')).toBe('/en/auctions/gala/items/1');
    expect(api.urls).toContain('/api/account/bids?urlMagicLink=gala');
  });

  it('filters by standing and sorts by my bid, in French', async () => {
    showMyBids('fr');
    await rowTexts();
    fireEvent.click(screen.getByRole('button', { name: 'Surenchéri' }));
    expect(await rowTexts()).toEqual([expect.stringMatching(/Vin.*Surenchéri/)]);
    fireEvent.click(screen.getByRole('button', { name: 'Surenchéri' }));
    fireEvent.click(screen.getByRole('button', { name: /Ma mise/ }));
    expect((await rowTexts()).map((row) => row.match(/Vélo|Vin|Spa/)?.[0])).toEqual(['Spa', 'Vélo', 'Vin']);
  });

  it('says so when the user has not bid in this auction', async () => {
    showMyBids('fr', []);
    expect(await screen.findByText('Vous n’avez encore misé sur aucun lot de cet encan.')).toBeTruthy();
  });
});
