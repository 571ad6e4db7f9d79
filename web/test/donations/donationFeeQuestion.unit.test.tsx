// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Auction } from '../../src/auctions/types.ts';
import { DonationFeeQuestion } from '../../src/donations/DonationFeeQuestion.tsx';
import { auctionFixture } from '../auctionFixture.ts';
import { apiStub } from '../paymentFixtures.ts';
import { renderInApp } from '../renderInApp.tsx';

const statusCall = 'POST /api/auctions/set-auction-status/gala/';
const feesCall = 'POST /api/auctions/auction-bidder-has-accepted-credit-card-fees/1/';

function render(auction: Partial<Auction>, decided: boolean | null) {
  const api = apiStub({
    [statusCall]: [200, { auctionBidderStatus: 2, bidderHasAcceptedCreditCardFees: decided }],
    [feesCall]: [200, { success: true, auctionId: 1, auctionBidderStatus: 2, bidderHasAcceptedCreditCardFees: true }],
  });
  vi.stubGlobal('fetch', api.fetch);
  const full = { ...auctionFixture(), billCreditCardFeesToClient: true, ...auction } as unknown as Auction;
  renderInApp(() => <DonationFeeQuestion auction={full} userId="u1" />);
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the card-fee question after a donation (spec 001 §4)', () => {
  it('asks a bidder who has not decided and sends the decision', async () => {
    const api = render({}, null);
    fireEvent.click(await screen.findByRole('button', { name: 'Refuse the fees' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.url.includes('credit-card-fees')).map((call) => call.url)).toEqual([
        '/api/auctions/auction-bidder-has-accepted-credit-card-fees/1/false',
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refuse the fees' })).toBeNull());
  });

  it.each([
    ['the bidder has decided', {}, true],
    ['the auction does not bill fees to the client', { billCreditCardFeesToClient: false }, null],
    ['the auction is past Active', { status: 4 }, null],
  ] as const)('asks nothing when %s', async (_case, auction, decided) => {
    const api = render(auction, decided);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Accept the fees' })).toBeNull();
    expect(api.calls.filter((call) => call.url.includes('credit-card-fees'))).toEqual([]);
  });
});
