import { describe, expect, it } from 'vitest';
import { type UserBannerInput, userBannerOf } from '../../src/lots/userBanner.ts';

const NOW = new Date('2026-11-21T20:00:00Z');
const lot = (overrides: Partial<UserBannerInput> = {}): UserBannerInput => ({
  userId: 'me',
  isFixedPrice: false,
  isDonation: false,
  status: 2,
  auctionStatus: 3,
  endsAt: new Date(NOW.getTime() + 3600_000),
  price: 20_00,
  leaderId: 'other',
  winnerId: null,
  bidderIds: ['me', 'other'],
  ownedQuantity: 0,
  userMaxBid: null,
  ...overrides,
});

describe('the per-lot user banner (spec 001 §4)', () => {
  it('counts owned items or donations on fixed-price lots', () => {
    const fixed = { isFixedPrice: true, price: null, bidderIds: [], leaderId: null };
    expect(userBannerOf(lot({ ...fixed, ownedQuantity: 2 }), NOW)).toEqual({
      state: 'ownedItems',
      count: 2,
      lostLead: false,
    });
    expect(userBannerOf(lot({ ...fixed, isDonation: true, ownedQuantity: 1 }), NOW)?.state).toBe('donationsDone');
    expect(userBannerOf(lot({ ...fixed }), NOW)).toBeNull();
  });

  it('shows current winner or loser while open, with the lost lead when the max is below the last bid', () => {
    expect(userBannerOf(lot({ leaderId: 'me' }), NOW)).toEqual({
      state: 'currentWinner',
      count: null,
      lostLead: false,
    });
    expect(userBannerOf(lot(), NOW)).toEqual({ state: 'currentLoser', count: null, lostLead: false });
    expect(userBannerOf(lot({ userMaxBid: 15_00 }), NOW)).toEqual({
      state: 'currentLoser',
      count: null,
      lostLead: true,
    });
  });

  it('shows winner or lost once closed, processing while the close is on its way', () => {
    expect(userBannerOf(lot({ status: 5, winnerId: 'me' }), NOW)?.state).toBe('winner');
    expect(userBannerOf(lot({ status: 5, winnerId: 'other' }), NOW)?.state).toBe('lost');
    expect(userBannerOf(lot({ endsAt: new Date(NOW.getTime() - 1) }), NOW)?.state).toBe('processing');
    expect(userBannerOf(lot({ auctionStatus: 4 }), NOW)?.state).toBe('processing');
  });

  it('shows nothing on a lot the user never bid on', () => {
    expect(userBannerOf(lot({ bidderIds: ['other'] }), NOW)).toBeNull();
  });
});
