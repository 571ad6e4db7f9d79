import type { auditReplay } from '@auction/contract';

/** A person as the replay names them. */
export const person = (name: string) => ({ userId: name.toLowerCase(), name, email: null });

export const money = (value: number) => ({ value, currencyCode: 'CAD' });

/** Lot 12 of auction 1, its chain verified, with these steps. */
export const replayOf = (steps: auditReplay.ReplayStep[]): auditReplay.LotReplay => ({
  lotId: 7,
  auctionId: 1,
  lotNumber: 12,
  names: { fr: 'Panier' },
  streamId: 'lot-7',
  steps,
  verification: { status: 'verified', eventCount: 3, headHash: 'h3', problem: null, checkpoint: null },
});
