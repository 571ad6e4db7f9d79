import { LotStatus } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { myBidStanding } from '../../src/lots/myBidStanding.ts';

const me = 'me';
const lot = (status: number, leaderId: string | null, winnerId: string | null = null) => ({
  status,
  leaderId,
  winnerId,
});

describe("a bidder's standing on a lot they bid on", () => {
  it('is leading or outbid while the lot is open, closing soon included', () => {
    expect(myBidStanding(lot(LotStatus.InProgress, me), me)).toBe('leading');
    expect(myBidStanding(lot(LotStatus.ClosingSoon, me), me)).toBe('leading');
    expect(myBidStanding(lot(LotStatus.InProgress, 'other'), me)).toBe('outbid');
    expect(myBidStanding(lot(LotStatus.ClosingSoon, null), me)).toBe('outbid');
  });

  it('is won or lost once closed, by the winner rather than the last leader', () => {
    expect(myBidStanding(lot(LotStatus.ClosedWon, me, me), me)).toBe('won');
    expect(myBidStanding(lot(LotStatus.Paid, me, me), me)).toBe('won');
    expect(myBidStanding(lot(LotStatus.ClosedWon, 'other', 'other'), me)).toBe('lost');
    expect(myBidStanding(lot(LotStatus.ClosedNoBid, me, null), me)).toBe('lost');
  });
});
