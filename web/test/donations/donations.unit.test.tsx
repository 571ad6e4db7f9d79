// @vitest-environment jsdom

import { Role } from '@auction/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokens } from '../../src/api/client.ts';
import type { Auction } from '../../src/auctions/types.ts';
import { Donations } from '../../src/donations/DonationsPage.tsx';
import { auctionFixture } from '../auctionFixture.ts';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokens.set(undefined);
});

const auction = {
  ...auctionFixture(),
  donations: [{ id: 1, amount: { value: 25, currencyCode: 'CAD' }, order: 1, isOtherAmount: false }],
  donationAllowOtherAmount: false,
} as unknown as Auction;
const profile = {
  id: 'u1',
  roles: [{ role: Role.Patron }],
  addressCompleted: true,
  activeTrustedUrlMagicLinks: ['gala'],
  activeUrlMagicLinks: ['gala'],
  bidder: {},
};

/** The donation's answers in turn (a function that throws is the network failing), and the id each attempt carried. */
function donationAnswers(...answers: Array<() => Response>) {
  const ids: string[] = [];
  const stub = stubFetch({
    '/api/account': json(profile),
    '/api/auctions/donations?': json({
      auctionId: 1,
      userId: 'u1',
      count: 0,
      total: { value: 0, currencyCode: 'CAD' },
      billCreditCardFeesToClient: false,
      bidderHasAcceptedCreditCardFees: null,
      items: [],
    }),
    '/api/auctions/donations': () => answers[Math.min(ids.length - 1, answers.length - 1)]?.() as Response,
  });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/auctions/donations' && init?.method === 'POST') {
      ids.push((JSON.parse(String(init.body)) as { id: string }).id);
    }
    return stub.fetch(input);
  };
  return { ids, fetch };
}

/** $25 chosen once the account is read (until then the form cannot tell whether they may give). */
async function choose25() {
  fireEvent.click(await screen.findByRole('radio', { name: '$25.00' }));
  const donate = screen.getByRole('button', { name: 'Make a donation' }) as HTMLButtonElement;
  await waitFor(() => expect(donate.disabled).toBe(false));
  fireEvent.click(donate);
}

const lostOnTheWay = () => {
  throw new TypeError('Failed to fetch');
};

describe('a donation whose answer is lost', () => {
  it('stays in its confirmation with the same id, so confirming again cannot give twice', async () => {
    tokens.set('signed-in');
    const network = donationAnswers(lostOnTheWay, json({ message: 'unavailable' }, 503), lostOnTheWay, json({}));
    vi.stubGlobal('fetch', network.fetch);
    renderInApp(() => <Donations auction={auction} />);
    await choose25();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveProperty(
      'textContent',
      expect.stringMatching(/may or may not have been recorded/),
    );
    expect(network.ids).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Thank you!', {}, { timeout: 2000 });
    expect(network.ids).toHaveLength(4);
    expect(new Set(network.ids).size).toBe(1);
  });

  it('leaves the confirmation on a refusal, sent once', async () => {
    tokens.set('signed-in');
    const network = donationAnswers(json({ message: 'auction_not_active' }, 409));
    vi.stubGlobal('fetch', network.fetch);
    renderInApp(() => <Donations auction={auction} />);
    await choose25();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull());
    expect(network.ids).toHaveLength(1);
  });
});
