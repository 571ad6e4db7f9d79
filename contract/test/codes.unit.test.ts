import { describe, expect, it } from 'vitest';
import { AuctionStatus, isAuctionClosed, isAuctionInvoiced } from '../src/codes.ts';

describe("an auction's status", () => {
  it('is invoiced from InvoiceGenerated on: its results are billed, so no bid is removed nor stage sale corrected', () => {
    const invoiced = Object.values(AuctionStatus).filter(isAuctionInvoiced);
    expect(invoiced).toEqual([AuctionStatus.InvoiceGenerated, AuctionStatus.Archived]);
    // Completed is over but not billed yet: the operators' window to correct it.
    expect(isAuctionClosed(AuctionStatus.Completed)).toBe(true);
    expect(isAuctionInvoiced(AuctionStatus.Completed)).toBe(false);
  });
});
