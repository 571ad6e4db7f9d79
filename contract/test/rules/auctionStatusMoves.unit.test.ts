import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '../../src/codes.ts';
import { auctionStatusMoves } from '../../src/rules/auctionStatusMoves.ts';

const { Planning, PreOpen, Active, Completed, InvoiceGenerated, Archived } = AuctionStatus;

describe("an auction's status moves", () => {
  it('go forward through the lifecycle, and back to Planning only before it opens', () => {
    expect(auctionStatusMoves(Planning, false)).toEqual([PreOpen, Active]);
    expect(auctionStatusMoves(PreOpen, false)).toEqual([Active, Planning]);
    expect(auctionStatusMoves(Active, false)).toEqual([Completed]);
  });

  it('leave invoicing to the workers, and nothing reopens bidding once it ended', () => {
    expect(auctionStatusMoves(Completed, true)).toEqual([]);
    for (const status of [Completed, InvoiceGenerated, Archived]) {
      for (const completed of [true, false]) {
        expect(auctionStatusMoves(status, completed)).not.toContain(Active);
        expect(auctionStatusMoves(status, completed)).not.toContain(PreOpen);
      }
    }
    for (const status of [Planning, PreOpen, Active, Completed]) {
      expect(auctionStatusMoves(status, true)).not.toContain(InvoiceGenerated);
    }
  });

  it('archive an invoiced auction, and take it out of the archive to where it was', () => {
    expect(auctionStatusMoves(InvoiceGenerated, true)).toEqual([Archived]);
    expect(auctionStatusMoves(Archived, true)).toEqual([InvoiceGenerated]);
    expect(auctionStatusMoves(Archived, false)).toEqual([Planning]);
    expect(auctionStatusMoves(9, false)).toEqual([]);
  });
});
