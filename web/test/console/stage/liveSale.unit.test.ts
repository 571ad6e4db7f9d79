import { AuctionStatus, type LiveLot, LotStatus } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import {
  isCorrectable,
  isForSale,
  liveLotName,
  liveLotStateKey,
  showsSale,
} from '../../../src/console/stage/liveSale.ts';
import { searchable } from '../../../src/console/stage/queries.ts';

const lot = (status: number, soldOnStage = false): LiveLot => ({
  auctionLotItemId: 1,
  lotNumber: 12,
  translations: { fr: 'Toile', en: 'Painting' },
  status,
  isHidden: false,
  startingBid: null,
  valuation: null,
  price: null,
  soldOnStage,
  corrected: false,
  winner: null,
});

describe('a live lot on the stage screen', () => {
  it('offers the sale as the engine would take it: open, not started or closed without a bid', () => {
    expect([1, 2, 4].map((status) => isForSale(lot(status)))).toEqual([true, true, true]);
    expect(isForSale(lot(LotStatus.ClosedWon))).toBe(false);
    expect(isForSale(lot(LotStatus.ClosedBeforeAuction))).toBe(false);
  });

  it('says whether it was sold on stage, won online or withdrawn', () => {
    expect(liveLotStateKey(lot(LotStatus.ClosedWon, true))).toBe('console.stage.soldOnStage');
    expect(liveLotStateKey(lot(LotStatus.ClosedWon))).toBe('console.stage.wonOnline');
    expect(liveLotStateKey(lot(LotStatus.ClosedBeforeAuction))).toBe('console.stage.withdrawn');
    expect(liveLotStateKey(lot(LotStatus.ClosedNoBid))).toBe('console.stage.forSale');
    expect(liveLotStateKey({ ...lot(LotStatus.ClosedWon, true), corrected: true })).toBe(
      'console.stage.soldOnStageCorrected',
    );
  });

  it('offers its correction when sold on stage, until the auction is invoiced', () => {
    const sold = { ...lot(LotStatus.ClosedWon, true), winner: { userId: 'u1', name: 'Hugo Tremblay' } };
    expect(isCorrectable(sold, AuctionStatus.Active)).toBe(true);
    expect(isCorrectable(sold, AuctionStatus.Completed)).toBe(true);
    expect(isCorrectable(sold, AuctionStatus.InvoiceGenerated)).toBe(false);
    expect(isCorrectable(sold, AuctionStatus.Archived)).toBe(false);
    expect(isCorrectable({ ...sold, soldOnStage: false }, AuctionStatus.Active)).toBe(false);
  });

  it('is shown as committed until the list has the same winner at the same price', () => {
    const committed = {
      ...lot(LotStatus.ClosedWon, true),
      corrected: true,
      price: { value: 300, currencyCode: 'CAD' },
      winner: { userId: 'u2', name: 'Léa Roy' },
    };
    expect(showsSale(committed, committed)).toBe(true);
    expect(showsSale({ ...committed, winner: { userId: 'u1', name: 'Hugo Tremblay' } }, committed)).toBe(false);
    expect(showsSale({ ...committed, price: { value: 250, currencyCode: 'CAD' } }, committed)).toBe(false);
    expect(showsSale({ ...committed, status: LotStatus.InProgress }, committed)).toBe(false);
  });

  it("is named in the reader's language, else the other", () => {
    expect(liveLotName(lot(2), 'en')).toBe('Painting');
    expect(liveLotName({ ...lot(2), translations: { fr: 'Toile' } }, 'en')).toBe('Toile');
  });
});

describe("the winner's search", () => {
  it('asks the API from 2 characters, or at once for the bidder number the auctioneer called', () => {
    expect(searchable('7')).toBe(true);
    expect(searchable(' 42 ')).toBe(true);
    expect(searchable('a')).toBe(false);
    expect(searchable('ma')).toBe(true);
  });
});
