// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuctionFooter } from '../../src/auctions/AuctionFooter.tsx';
import type { Auction } from '../../src/auctions/types.ts';
import { useDocumentTitle } from '../../src/layout/useDocumentTitle.ts';
import { auctionFixture } from '../auctionFixture.ts';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A second brand as the API would answer it; its names are the test's own, so nothing can come from a table in the app. */
const secondBrand = {
  id: 2,
  key: 'bid-night',
  providerKind: 2,
  productName: { en: 'Bid Night', fr: 'Soirée des enchères' },
  analyticsProperty: 'G-BIDNIGHT1',
  contact: {
    email: 'hello@bidnight.example',
    phone: '(819) 555-0107',
    website: { en: 'https://bidnight.example/en', fr: 'https://bidnight.example/' },
  },
  priceRangeMax: 250,
  showOrganizeAuctionLink: false,
};

function Titled() {
  useDocumentTitle('Lots');
  return null;
}

describe('the brand of the host', () => {
  it("names the product in the page title by the host's brand, brand 1's names until it is known", async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/brand': json(secondBrand) }).fetch);
    renderInApp(Titled, 'fr');
    await waitFor(() => expect(document.title).toBe('Lots · Soirée des enchères'));
  });

  it("falls back to brand 1's product name when the brand cannot be asked", async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderInApp(Titled, 'fr');
    await waitFor(() => expect(document.title).toBe('Lots · Encans caritatifs'));
  });

  it("shows the brand's contact details and product in the footer of an auction that names none", async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/brand': json(secondBrand) }).fetch);
    const auction = { ...auctionFixture(), footerEmail: null, footerPhoneNumber: null } as unknown as Auction;
    renderInApp(() => <AuctionFooter auction={auction} />);
    expect(await screen.findByText('hello@bidnight.example')).toBeTruthy();
    expect(screen.getByText('(819) 555-0107')).toBeTruthy();
    expect(screen.getByText('Powered by Bid Night')).toBeTruthy();
  });
});
