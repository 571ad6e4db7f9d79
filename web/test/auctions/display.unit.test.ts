import { describe, expect, it } from 'vitest';
import { auctionBannerPath, auctionMilestone, auctionTitle, isClosed, isListed } from '../../src/auctions/display.ts';
import { AuctionStatus } from '../../src/auctions/types.ts';
import { auctionFixture } from '../auctionFixture.ts';

describe('auctionTitle', () => {
  it('uses the page language, then the other one', () => {
    expect(auctionTitle(auctionFixture(), 'fr')).toBe('Gala d’hiver');
    expect(auctionTitle(auctionFixture(), 'en')).toBe('Winter Gala');
    expect(auctionTitle(auctionFixture({ titles: { fr: 'Soirée' } }), 'en')).toBe('Soirée');
    expect(auctionTitle(auctionFixture({ titles: { fr: 'Soirée', en: '  ' } }), 'en')).toBe('Soirée');
  });

  it('has nothing to show without any title', () => {
    expect(auctionTitle(auctionFixture({ titles: {} }), 'fr')).toBeUndefined();
  });
});

describe('auctionBannerPath', () => {
  it('prefers the page language’s banner and falls back to the other', () => {
    const both = auctionFixture({ bannerEnglish: { fullPath: '/en.jpg' }, bannerFrench: { fullPath: '/fr.jpg' } });
    expect(auctionBannerPath(both, 'fr')).toBe('/fr.jpg');
    expect(auctionBannerPath(both, 'en')).toBe('/en.jpg');
    expect(auctionBannerPath(auctionFixture({ bannerEnglish: { fullPath: '/en.jpg' } }), 'fr')).toBe('/en.jpg');
    expect(auctionBannerPath(auctionFixture(), 'fr')).toBeUndefined();
  });
});

describe('auctionMilestone', () => {
  it('tells when a pre-open auction opens', () => {
    expect(auctionMilestone(auctionFixture({ status: AuctionStatus.PreOpen }))).toEqual({
      messageId: 'auction.opensAt',
      date: '2026-03-01T17:00:00Z',
    });
  });

  it('tells when an active auction ends', () => {
    expect(auctionMilestone(auctionFixture({ status: AuctionStatus.Active }))).toEqual({
      messageId: 'auction.endsAt',
      date: '2026-03-08T01:00:00Z',
    });
  });

  it.each([AuctionStatus.Completed, AuctionStatus.InvoiceGenerated])('tells when status %i closed', (status) => {
    expect(auctionMilestone(auctionFixture({ status }))?.messageId).toBe('auction.closedAt');
  });

  it('says nothing when the date is unknown', () => {
    expect(auctionMilestone(auctionFixture({ status: AuctionStatus.PreOpen, dateOpen: null }))).toBeUndefined();
  });
});

describe('statuses', () => {
  it('tints Completed and InvoiceGenerated only', () => {
    expect([2, 3, 4, 5].filter((status) => isClosed(status as AuctionStatus))).toEqual([4, 5]);
  });

  it('hides Planning and Archived from lists', () => {
    expect([1, 2, 3, 4, 5, 6].filter((status) => isListed(status as AuctionStatus))).toEqual([2, 3, 4, 5]);
  });
});
