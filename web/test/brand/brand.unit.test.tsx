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

const popABid = {
  id: 2,
  key: 'pop-a-bid',
  providerKind: 2,
  productName: { en: 'Pop-a-Bid', fr: 'Pop-a-Bid' },
  analyticsProperty: 'G-POPABID01',
  contact: {
    email: 'hello@popabid.example',
    phone: '(438) 555-0142',
    website: { en: 'https://popabid.example/en', fr: 'https://popabid.example/' },
  },
  priceRangeMax: 500,
  showOrganizeAuctionLink: false,
};

function Titled() {
  useDocumentTitle('Lots');
  return null;
}

describe('the brand of the host', () => {
  it("names the product in the page title by the host's brand, brand 1's names until it is known", async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/brand': json(popABid) }).fetch);
    renderInApp(Titled, 'fr');
    await waitFor(() => expect(document.title).toBe('Lots · Pop-a-Bid'));
  });

  it("falls back to brand 1's product name when the brand cannot be asked", async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetch);
    renderInApp(Titled, 'fr');
    await waitFor(() => expect(document.title).toBe('Lots · Encans caritatifs'));
  });

  it("shows the brand's contact details and product in the footer of an auction that names none", async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/brand': json(popABid) }).fetch);
    const auction = { ...auctionFixture(), footerEmail: null, footerPhoneNumber: null } as unknown as Auction;
    renderInApp(() => <AuctionFooter auction={auction} />);
    expect(await screen.findByText('hello@popabid.example')).toBeTruthy();
    expect(screen.getByText('(438) 555-0142')).toBeTruthy();
    expect(screen.getByText('Powered by Pop-a-Bid')).toBeTruthy();
  });
});
