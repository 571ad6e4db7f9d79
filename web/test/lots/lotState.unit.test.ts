import { describe, expect, it } from 'vitest';
import {
  displayPrice,
  extensionApplies,
  extensionExhausted,
  highlightOf,
  isEnded,
  isLotClosed,
  isMaxBidBeaten,
  lotName,
  maximumClosingTime,
  soldInfoOf,
  userBannerOf,
} from '../../src/lots/lotState.ts';
import { lotFixture, money } from '../lotFixture.ts';

const ACTIVE = 3;
const COMPLETED = 4;
const me = { userId: 'me' };
const before = Date.parse('2026-03-07T19:00:00Z');

describe('closed and ended (spec 001 §4)', () => {
  it('closes with the auction or with a lot status of 3 to 8', () => {
    expect(isLotClosed(lotFixture(), ACTIVE)).toBe(false);
    expect(isLotClosed(lotFixture(), COMPLETED)).toBe(true);
    for (const status of [3, 4, 5, 6, 7, 8]) expect(isLotClosed(lotFixture({ status }), ACTIVE)).toBe(true);
    expect(isLotClosed(lotFixture({ status: 9 }), ACTIVE)).toBe(false);
  });

  it('calls a closing-soon lot not ended', () => {
    expect(isEnded(9)).toBe(false);
    expect(isEnded(5)).toBe(true);
    expect(isEnded(2)).toBe(false);
  });
});

describe('highlight colours (spec 001 §2), first match in the spec order', () => {
  it('is yellow while extended, before winning', () => {
    const lot = lotFixture({ dateCompletedUtc: '2026-03-07T20:02:00Z', winningUserId: 'me', bidders: ['me'] });
    expect(highlightOf(lot, me, ACTIVE, before)).toBe('extension');
  });

  it('is green winning, red losing, blue favourite or closing soon, orange bought', () => {
    expect(highlightOf(lotFixture({ winningUserId: 'me', bidders: ['me'] }), me, ACTIVE, before)).toBe('winning');
    expect(highlightOf(lotFixture({ winningUserId: 'x', bidders: ['me', 'x'] }), me, ACTIVE, before)).toBe('losing');
    expect(highlightOf(lotFixture({ isFavorite: true }), me, ACTIVE, before)).toBe('favorite');
    expect(highlightOf(lotFixture({ status: 9 }), me, ACTIVE, before)).toBe('favorite');
    expect(highlightOf(lotFixture({ type: 3, bidders: ['me'] }), me, ACTIVE, before)).toBe('purchased');
    expect(highlightOf(lotFixture(), { userId: null }, ACTIVE, before)).toBeNull();
  });
});

describe('user banner (spec 001 §4)', () => {
  it('says current winner or loser while open', () => {
    expect(userBannerOf(lotFixture({ winningUserId: 'me', bidders: ['me'] }), me, ACTIVE)).toEqual({
      kind: 'currentWinner',
    });
    expect(userBannerOf(lotFixture({ winningUserId: 'x', bidders: ['me', 'x'] }), me, ACTIVE)).toEqual({
      kind: 'currentLoser',
    });
    expect(userBannerOf(lotFixture(), me, ACTIVE)).toBeNull();
  });

  it('says winner or lost once closed, processing while the winner is not known', () => {
    expect(userBannerOf(lotFixture({ status: 5, winnerUserId: 'me', bidders: ['me'] }), me, ACTIVE)).toEqual({
      kind: 'winner',
    });
    expect(userBannerOf(lotFixture({ status: 5, winnerUserId: 'x', bidders: ['me', 'x'] }), me, ACTIVE)).toEqual({
      kind: 'lost',
    });
    expect(userBannerOf(lotFixture({ status: 5, winningUserId: 'me', bidders: ['me'] }), me, COMPLETED)).toEqual({
      kind: 'processing',
    });
    expect(userBannerOf(lotFixture({ bidders: ['me'] }), me, ACTIVE, true)).toEqual({ kind: 'processing' });
  });

  it('counts owned items or donations on fixed-price lots', () => {
    expect(userBannerOf(lotFixture({ type: 3 }), { userId: 'me', owned: 2 }, ACTIVE)).toEqual({
      kind: 'owned',
      count: 2,
    });
    expect(userBannerOf(lotFixture({ type: 3, isDonation: true }), { userId: 'me', owned: 1 }, ACTIVE)).toEqual({
      kind: 'donated',
      count: 1,
    });
  });
});

describe('prices, sold counts and names', () => {
  it('shows the fixed price, the last bid or the starting bid', () => {
    expect(displayPrice(lotFixture())).toEqual({ messageId: 'lot.price.startingBid', cents: 10_000 });
    expect(displayPrice(lotFixture({ bidCount: 2, lastBid: money(130) }))).toEqual({
      messageId: 'lot.price.lastBid',
      cents: 13_000,
    });
    expect(displayPrice(lotFixture({ type: 3, multiSalePrice: money(25.5) }))).toEqual({
      messageId: 'lot.price.fixed',
      cents: 2550,
    });
    // Closed won (and paid, sent, received): the last bid is the winning bid, not a current one.
    for (const status of [5, 6, 7, 8]) {
      expect(displayPrice(lotFixture({ status, bidCount: 2, lastBid: money(130) })).messageId).toBe(
        'lot.price.winningBid',
      );
    }
    expect(displayPrice(lotFixture({ status: 9, bidCount: 2, lastBid: money(130) })).messageId).toBe(
      'lot.price.lastBid',
    );
  });

  it('says sold out at zero remaining, else how many sold', () => {
    expect(soldInfoOf(lotFixture({ type: 3, remainingQuantity: 0, soldQuantity: 5 }))).toEqual({ kind: 'soldOut' });
    expect(soldInfoOf(lotFixture({ type: 3, remainingQuantity: 3, soldQuantity: 1 }))).toEqual({
      kind: 'sold',
      count: 1,
    });
    expect(soldInfoOf(lotFixture())).toBeNull();
  });

  it('flags a maximum bid below the last bid', () => {
    expect(isMaxBidBeaten(lotFixture({ bidCount: 3, lastBid: money(150) }), 12_000)).toBe(true);
    expect(isMaxBidBeaten(lotFixture({ bidCount: 3, lastBid: money(150) }), 20_000)).toBe(false);
  });

  it('names the lot in the page language, else the first translation, else nothing', () => {
    expect(lotName(lotFixture(), 'en')).toBe('City bike');
    expect(
      lotName(
        lotFixture({
          translations: [
            { languageCode: 'fr', name: 'Vélo', description: '', information: '', shippingInformation: '' },
          ],
        }),
        'en',
      ),
    ).toBe('Vélo');
    expect(lotName(lotFixture({ translations: [] }), 'fr')).toBeNull();
  });
});

describe('time extension (spec 001 §4)', () => {
  const end = Date.parse('2026-03-07T20:00:00Z');
  const auctionEnd = '2026-03-07T21:00:00Z';

  it('applies inside the window, within the auction end and the maximum', () => {
    expect(extensionApplies(lotFixture(), auctionEnd, end - 60_000)).toBe(true);
    expect(extensionApplies(lotFixture(), auctionEnd, end - 5 * 60_000)).toBe(false);
    expect(extensionApplies(lotFixture({ allowsTimeExtension: false }), auctionEnd, end - 60_000)).toBe(false);
    expect(extensionApplies(lotFixture(), '2026-03-07T20:01:00Z', end - 60_000)).toBe(false);
    const used = lotFixture({ dateCompletedUtc: '2026-03-07T20:10:00Z' });
    expect(extensionApplies(used, auctionEnd, Date.parse('2026-03-07T20:09:00Z'))).toBe(false);
    expect(extensionExhausted(used, auctionEnd)).toBe(true);
  });

  it('puts the latest close at initial end + step + maximum − 1 min 1 s', () => {
    expect(new Date(maximumClosingTime(lotFixture())).toISOString()).toBe('2026-03-07T20:10:59.000Z');
  });
});

describe('the API’s user banner', () => {
  it('wins over the local computation and carries the owned quantity', () => {
    const bought = lotFixture({ type: 3, userBanner: { state: 'ownedItems', count: 3, lostLead: false } });
    expect(userBannerOf(bought, me, ACTIVE)).toEqual({ kind: 'owned', count: 3 });
    expect(highlightOf(bought, me, ACTIVE, before)).toBe('purchased');
    expect(
      userBannerOf(lotFixture({ userBanner: { state: 'currentLoser', count: null, lostLead: true } }), me, ACTIVE),
    ).toEqual({
      kind: 'currentLoser',
    });
    expect(userBannerOf(lotFixture({ bidders: ['me'], winningUserId: 'me', userBanner: null }), me, ACTIVE)).toBeNull();
  });
});
