import { expect } from 'vitest';
import { bearer, registerConfirmed } from '../accounts/accountFlows.ts';
import type { TestApp } from '../testApp.ts';

/** A new bidder outbids the current price of a lot through the API: the live event another client should see. */
export async function bidFromAnotherBidder(test: TestApp, lotId: number): Promise<void> {
  const bidder = await registerConfirmed(test);
  const current = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/${lotId}` });
  const { lastBid, minimumIncrement, startingBid } = current.json();
  const amount = (lastBid ? lastBid.value + minimumIncrement.value : startingBid.value) + 1;
  const placed = await test.app.inject({
    method: 'POST',
    url: `/api/bids/auctionlotitem/${lotId}/bid`,
    headers: bearer(bidder.token),
    payload: { amount },
  });
  expect(placed.statusCode).toBe(200);
}
