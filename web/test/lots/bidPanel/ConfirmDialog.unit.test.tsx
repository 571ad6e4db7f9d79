// @vitest-environment jsdom

import { onlineManager } from '@tanstack/react-query';
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

function open(
  request: BidRequest,
  answers: Record<string, () => Response>,
  outcome: { onDone?: () => void; onRefused?: () => void } = {},
  /** What differs in the auction shown. */
  settings: Partial<Auction> = {},
) {
  tokens.set('signed-in');
  vi.stubGlobal('fetch', stubFetch({ '/api/account': json(profile), ...answers }).fetch);
  renderInApp(() => (
    <ConfirmDialog
      lot={lot}
      auction={{ ...auction, ...settings }}
      request={request}
      onClose={() => {}}
      onDone={outcome.onDone ?? (() => {})}
      onRefused={outcome.onRefused ?? (() => {})}
    />
  ));
}

const accepted = json({ success: true, message: 'bid_successful', messages: [], standing: { isWinning: true } });
const lostOnTheWay = () => {
  throw new TypeError('Failed to fetch');
};

/**
 * The bid's answers in turn (a function that throws is the network failing), and the command id
 * each attempt carried: the network boundary of these tests.
 */
function bidAnswers(...answers: Array<() => Response>) {
  const commandIds: string[] = [];
  const bid = () => {
    const answer = answers[Math.min(commandIds.length - 1, answers.length - 1)] as () => Response;
    return answer();
  };
  const fetch = stubFetch({ '/api/account': json(profile), '/api/bids/auctionlotitem': bid }).fetch;
  const recording = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith('/api/bids/auctionlotitem')) {
      commandIds.push((JSON.parse(String(init?.body)) as { commandId: string }).commandId);
    }
    return fetch(input);
  };
  return { commandIds, fetch: recording };
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

  it('tells a buyer how they will pay without "if you win": a purchase is made now', async () => {
    open(
      { kind: 'buy', cents: 3_500, quantity: 1, commandId: 'cmd-00000008' },
      {
        '/api/payment-methods': json([]),
        '/api/auction-payment-methods': json([]),
      },
    );
    expect(await screen.findByText('You will receive an invoice to pay by card.')).toBeTruthy();
    expect(screen.queryByText(/If you win/)).toBeNull();
  });

  const cardChosen = {
    '/api/payment-methods': json([{ id: 9, stripeInformation_Id: 3, brand: 'visa', last4: '4242' }]),
    '/api/auction-payment-methods': json([{ auctionId: auction.id, paymentMethod_Id: 9, paymentInformation_Id: 3 }]),
  };

  it('promises the automatic charge with a card chosen for an auction that charges its winners', async () => {
    open(
      { kind: 'bid', cents: 15_000, commandId: 'cmd-00000003' },
      cardChosen,
      {},
      {
        chargeAutomaticallyAtCompletion: true,
      },
    );
    expect(await screen.findByText(/charged automatically/)).toBeTruthy();
  });

  it('promises an invoice, not a charge, when the auction does not charge its winners, even with a card chosen', async () => {
    open(
      { kind: 'buy', cents: 3_500, quantity: 2, commandId: 'cmd-00000009' },
      cardChosen,
      {},
      {
        chargeAutomaticallyAtCompletion: false,
        chargesTaxes: true,
      },
    );
    expect(await screen.findByText('You will receive an invoice to pay by card.')).toBeTruthy();
    expect(screen.queryByText(/charged automatically/)).toBeNull();
    // The invoice adds the organisation's taxes to the price the buyer confirms.
    expect(screen.getByText('2 items for $35.00, plus taxes.')).toBeTruthy();
  });

  it('adds no taxes to a gift bought from a donation lot', async () => {
    const gift = { ...lot, isDonation: true } as LotDetail;
    tokens.set('signed-in');
    vi.stubGlobal('fetch', stubFetch({ '/api/account': json(profile), ...cardChosen }).fetch);
    renderInApp(() => (
      <ConfirmDialog
        lot={gift}
        auction={{ ...auction, chargesTaxes: true }}
        request={{ kind: 'buy', cents: 5_000, quantity: 1, commandId: 'cmd-00000010' }}
        onClose={() => {}}
        onDone={() => {}}
        onRefused={() => {}}
      />
    ));
    expect(await screen.findByText('1 item for $50.00.')).toBeTruthy();
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

  it('sends a bid whose answer was lost again by itself, with the same command id', async () => {
    const network = bidAnswers(lostOnTheWay, accepted);
    const onDone = vi.fn();
    open({ kind: 'bid', cents: 15_000, commandId: 'cmd-00000005' }, {}, { onDone });
    vi.stubGlobal('fetch', network.fetch);
    fireEvent.click(await screen.findByText('Confirm'));
    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 3000 });
    expect(network.commandIds).toEqual(['cmd-00000005', 'cmd-00000005']);
    expect(toasts).toEqual([['success', 'bid_successful']]);
  });

  it('stays open with the same command id when no answer comes, so confirming again cannot bid twice', async () => {
    const failing = bidAnswers(lostOnTheWay, json({ message: 'bad_gateway' }, 502), lostOnTheWay, accepted);
    const onRefused = vi.fn();
    const onDone = vi.fn();
    open({ kind: 'buy', cents: 15_000, quantity: 1, commandId: 'cmd-00000006' }, {}, { onDone, onRefused });
    vi.stubGlobal('fetch', failing.fetch);
    fireEvent.click(await screen.findByText('Confirm'));
    // Three attempts (two retries), then the dialog says it cannot tell, and nothing is called a failure.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveProperty(
      'textContent',
      expect.stringMatching(/may or may not have been recorded/),
    );
    expect(failing.commandIds).toHaveLength(3);
    expect(onRefused).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(new Set(failing.commandIds)).toEqual(new Set(['cmd-00000006']));
    expect(failing.commandIds).toHaveLength(4);
  });

  it('says an offline bid waits for the connection, then sends it once', async () => {
    const network = bidAnswers(accepted);
    const onDone = vi.fn();
    open({ kind: 'bid', cents: 15_000, commandId: 'cmd-00000009' }, {}, { onDone });
    vi.stubGlobal('fetch', network.fetch);
    const confirm = await screen.findByText('Confirm');
    onlineManager.setOnline(false);
    try {
      fireEvent.click(confirm);
      await screen.findByText('You are offline: this will be sent as soon as the connection is back.');
      expect(network.commandIds).toEqual([]);
      expect((confirm as HTMLButtonElement).disabled).toBe(true);
    } finally {
      onlineManager.setOnline(true);
    }
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(network.commandIds).toEqual(['cmd-00000009']);
  });

  it('closes on a refusal without sending it again', async () => {
    const refused = bidAnswers(json({ message: 'bid_too_low' }, 409));
    const onRefused = vi.fn();
    open({ kind: 'bid', cents: 15_000, commandId: 'cmd-00000007' }, {}, { onRefused });
    vi.stubGlobal('fetch', refused.fetch);
    fireEvent.click(await screen.findByText('Confirm'));
    await waitFor(() => expect(onRefused).toHaveBeenCalled());
    expect(refused.commandIds).toEqual(['cmd-00000007']);
    expect(toasts.map(([kind]) => kind)).toEqual(['danger']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
