import { createHash, timingSafeEqual } from 'node:crypto';
import { BidderStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';

/** Spec 000 §3 bidder statuses. */

/**
 * Admits a user to an auction (what opens a private auction to them): keeps their status when they
 * have one (a Locked bidder stays locked), else records `status`. Admitting twice keeps the first time.
 */
export async function admitBidder(
  db: Db,
  auctionId: number,
  userId: string,
  status: typeof BidderStatus.Invited | typeof BidderStatus.Visited,
): Promise<void> {
  await db
    .insertInto('auction_bidders')
    .values({ auction_id: auctionId, user_id: userId, status, admitted_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['auction_id', 'user_id']).doUpdateSet({
        admitted_at: sql`coalesce(auction_bidders.admitted_at, now())`,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** Compares a given access code with the auction's in constant time (hashes first, so lengths do not leak). */
export function accessCodeMatches(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given.trim()), digest(expected));
}

export const BidderStatusForAdmission = { Invited: BidderStatus.Invited, Visited: BidderStatus.Visited } as const;
