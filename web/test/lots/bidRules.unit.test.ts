import { describe, expect, it } from 'vitest';
import {
  bidWarnings,
  checkQuantity,
  isManualPayment,
  isMaxBidHighEnough,
  maxQuantity,
  minimumBid,
  raiseToMinimum,
  stepDown,
  stepUp,
} from '../../src/lots/bidRules.ts';
import { lotFixture, money } from '../lotFixture.ts';

const bid = lotFixture({ bidCount: 1, lastBid: money(120) });

describe('bid amount (spec 001 §5)', () => {
  it('starts at the starting bid, then the last bid plus the increment', () => {
    expect(minimumBid(lotFixture())).toBe(10_000);
    expect(minimumBid(bid)).toBe(13_000);
  });

  it('raises a low or empty amount to the minimum on blur', () => {
    expect(raiseToMinimum(5000, bid)).toBe(13_000);
    expect(raiseToMinimum(undefined, bid)).toBe(13_000);
    expect(raiseToMinimum(20_000, bid)).toBe(20_000);
  });

  it('steps by the increment, never below the minimum', () => {
    expect(stepUp(13_000, bid)).toBe(14_000);
    expect(stepDown(14_000, bid)).toBe(13_000);
    expect(stepDown(13_000, bid)).toBe(13_000);
  });

  it('warns at 4 times the last bid and when already winning', () => {
    expect(bidWarnings(47_900, bid, false)).toEqual([]);
    expect(bidWarnings(48_000, bid, false)).toEqual(['really_big_bid']);
    expect(bidWarnings(13_000, bid, true)).toEqual(['confirm_already_winning_bid_explained']);
    expect(bidWarnings(1_000_000, lotFixture(), false)).toEqual([]);
  });

  it('wants a maximum bid above the last bid', () => {
    expect(isMaxBidHighEnough(12_000, bid)).toBe(false);
    expect(isMaxBidHighEnough(13_000, bid)).toBe(true);
  });

  it('words the payment as manual for payment type 2 or a trusted link', () => {
    expect(isManualPayment(2, 'gala', [])).toBe(true);
    expect(isManualPayment(1, 'Gala', ['GALA'])).toBe(true);
    expect(isManualPayment(1, 'gala', [])).toBe(false);
  });
});

describe('quantity (spec 001 §5)', () => {
  it('allows up to the smaller of the per-bidder limit left and what remains', () => {
    expect(maxQuantity({ maxPerBidder: 5, remainingQuantity: 3 }, 0)).toBe(3);
    expect(maxQuantity({ maxPerBidder: 5, remainingQuantity: 30 }, 4)).toBe(1);
    expect(maxQuantity({ maxPerBidder: 5, remainingQuantity: 30 }, 5)).toBe(0);
  });

  it('resets anything but a whole number in range to 1 with an error', () => {
    expect(checkQuantity('2', 3)).toEqual({ quantity: 2, error: false });
    expect(checkQuantity('4', 3)).toEqual({ quantity: 1, error: true });
    expect(checkQuantity('1.5', 3)).toEqual({ quantity: 1, error: true });
    expect(checkQuantity('0', 3)).toEqual({ quantity: 1, error: true });
  });
});
