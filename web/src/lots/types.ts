import type { allowedBidding, LotItem, lotPhoto, lotTranslation, userBanner } from '@auction/contract';
import type { z } from 'zod';

// The answers of /api/auction-lot-items and /api/bids, as the contract (contract/src/lots.ts) describes them.
export type {
  BidAnswer,
  BidHistoryEntry,
  // The user's standing on a lot after a bid, max bid or purchase (POST /api/bids/…).
  BidStanding as Standing,
  // GET /api/auction-lot-items/{id}: the lot with its history, related lots and what the user may do.
  LotDetail,
  LotPage,
} from '@auction/contract';

// Spec 001 §4 lot status codes and §9 sale types: the contract's.
export { LotStatus, LotType } from '@auction/contract';

// The parts the contract names no type for.
export type LotTranslation = z.infer<typeof lotTranslation>;
export type LotPhoto = z.infer<typeof lotPhoto>;
export type AllowedBidding = z.infer<typeof allowedBidding>;
/** Spec 001 §3 lot item as GET /api/auction-lot-items answers it (the list's fields). */
export type Lot = Omit<LotItem, 'userBanner'> & {
  /** Absent on a lot the screens built themselves (the banner is then computed locally). */
  userBanner?: ServerUserBanner | null;
};
/** The signed-in user's banner as the API computes it (docs/donations.md); null for visitors. */
export type ServerUserBanner = z.infer<typeof userBanner>;
