// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokens } from '../../../src/api/client.ts';
import type { Auction } from '../../../src/auctions/types.ts';
import { ConfirmDialog } from '../../../src/lots/bidPanel/ConfirmDialog.tsx';
import type { BidRequest } from '../../../src/lots/queries.ts';
import type { LotDetail } from '../../../src/lots/types.ts';
import { auctionFixture } from '../../auctionFixture.ts';
import { lotFixture } from '../../lotFixture.ts';
import { json, renderInApp, stubFetch } from '../../renderInApp.tsx';

const toasts = vi.hoisted(() => [] as Array<[string, string]>);
vi.mock('../../../src/live/toasts.tsx', async (original) => ({
  ...(await original<object>()),
  showToast: (kind: string, key: string) => void toasts.push([kind, key]),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokens.set(undefined);
  toasts.length = 0;
});

const auction = { ...auctionFixture(), paymentType: 1, stripeInformation_Id: 3 } as unknown as Auction;
const lot = lotFixture() as unknown as LotDetail;
const profile = { id: 'u1', activeTrustedUrlMagicLinks: [], activeUrlMagicLinks: [], bidder: {} };

function open(request: BidRequest, answers: Record<string, () => Response>) {
  tokens.set('signed-in');
  vi.stubGlobal('fetch', stubFetch({ '/api/account': json(profile), ...answers }).fetch);
  renderInApp(() => (
    <ConfirmDialog
      lot={lot}
      auction={auction}
      request={request}
      onClose={() => {}}
      onDone={() => {}}
      onRefused={() => {}}
    />
  ));
}

describe('the bid confirmation', () => {
  it('says a maximum bid is a ceiling', async () => {
    open({ kind: 'max', cents: 40_000, commandId: 'cmd-00000001' }, {});
    expect(await screen.findByText(/You are about to set a maximum bid of \$400\.00\. It is a ceiling/)).toBeTruthy();
  });

  it('does not promise an automatic charge without a card chosen for the auction', async () => {
    open(
      { kind: 'bid', cents: 15_000, commandId: 'cmd-00000002' },
      {
        '/api/payment-methods': json([]),
        '/api/auction-payment-methods': json([]),
      },
    );
    expect(await screen.findByText('If you win, you will receive an invoice to pay by card.')).toBeTruthy();
    expect(screen.queryByText(/charged automatically/)).toBeNull();
  });

  it('promises the automatic charge with a card chosen for the auction', async () => {
    open(
      { kind: 'bid', cents: 15_000, commandId: 'cmd-00000003' },
      {
        '/api/payment-methods': json([{ id: 9, stripeInformation_Id: 3, brand: 'visa', last4: '4242' }]),
        '/api/auction-payment-methods': json([
          { auctionId: auction.id, paymentMethod_Id: 9, paymentInformation_Id: 3 },
        ]),
      },
    );
    expect(await screen.findByText(/charged automatically/)).toBeTruthy();
  });

  it('shows one message when an automatic bid answers the bid at once', async () => {
    open(
      { kind: 'bid', cents: 15_000, commandId: 'cmd-00000004' },
      {
        '/api/bids/auctionlotitem': json({
          success: true,
          message: 'bid_successful',
          messages: [],
          standing: { isWinning: false },
        }),
      },
    );
    fireEvent.click(await screen.findByText('Confirm'));
    await waitFor(() => expect(toasts.length).toBeGreaterThan(0));
    expect(toasts).toEqual([['warning', 'lost_winning_bid_from_autobid']]);
  });
});
