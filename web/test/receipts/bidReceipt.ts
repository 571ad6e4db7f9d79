import type { BidReceipt } from '@auction/contract';

/** A bid's signed receipt as the API answers it with the bid: lot 3's fourth event, a $900 bid. */
export const bidReceipt: BidReceipt = {
  lotId: 3,
  streamVersion: 4,
  serverTime: '2026-11-23T18:40:06.907Z',
  amountCents: 90000,
  eventHash: 'a'.repeat(64),
  checkpoint: null,
  signature: 'c2ln',
};
