import { type LiveLot, LotStatus } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { isForSale, liveLotName, liveLotStateKey } from '../../../src/console/stage/liveSale.ts';
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
