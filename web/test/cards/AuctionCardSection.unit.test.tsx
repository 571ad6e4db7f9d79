// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../src/account/types.ts';
import { AuctionCardSection } from '../../src/cards/AuctionCardSection.tsx';
import { auctionFixture } from '../auctionFixture.ts';
import { apiStub } from '../paymentFixtures.ts';
import { renderInApp } from '../renderInApp.tsx';

const profile = (links: string[]) => ({ id: 'u1', activeUrlMagicLinks: links, bidder: {} }) as unknown as Profile;

const auction = (urlMagicLink: string, id: number, titles: { fr: string; en: string }): [number, unknown] => [
  200,
  { ...auctionFixture({ id, urlMagicLink, titles }), stripeInformation_Id: 1, billCreditCardFeesToClient: false },
];
const refused: [number, unknown] = [403, { message: 'private_auction' }];

function show(links: string[], answers: Parameters<typeof apiStub>[0], fromUrl = '', locale: 'fr' | 'en' = 'en') {
  vi.stubGlobal(
    'fetch',
    apiStub({
      'GET /api/payment-methods': [200, []],
      'GET /api/auction-payment-methods': [200, []],
      'POST /api/auctions/set-auction-status/': [200, { auctionBidderStatus: 2 }],
      ...answers,
    }).fetch,
  );
  renderInApp(() => <AuctionCardSection profile={profile(links)} auction={fromUrl} />, locale);
}

const link = (urlMagicLink: string) => `GET /api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// QA: a private auction the user may not see was the selector's first choice, by its raw link,
// and its section said "Loading…" for ever.
describe('the profile’s card for an auction (spec 000 §2)', () => {
  it('offers only the auctions that answer, by their titles, the first one chosen', async () => {
    show(['private-one', 'spring', 'gala'], {
      [link('private-one')]: refused,
      [link('spring')]: auction('spring', 5, { fr: 'Encan du printemps', en: 'Spring Auction' }),
      [link('gala')]: auction('gala', 4, { fr: 'Gala d’hiver', en: 'Winter Gala' }),
    });
    const select = await screen.findByRole('combobox', { name: 'Auction' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Spring Auction', 'Winter Gala']),
    );
    expect((select as HTMLSelectElement).value).toBe('spring');
    expect(await screen.findByText('Add a credit card to use in this auction.')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('does not choose the auction the page came from when it refuses the user', async () => {
    show(
      ['gala'],
      {
        [link('private-one')]: refused,
        [link('gala')]: auction('gala', 4, { fr: 'Gala d’hiver', en: 'Winter Gala' }),
      },
      'private-one',
      'fr',
    );
    const select = await screen.findByRole('combobox', { name: 'Encan' });
    expect((select as HTMLSelectElement).value).toBe('gala');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Gala d’hiver']);
  });

  it('says so, rather than loading for ever, when every auction refuses the user', async () => {
    show(['private-one', 'gone'], { [link('private-one')]: refused, [link('gone')]: [404, { message: 'not_found' }] });
    expect(await screen.findByText('None of your auctions can be shown here.')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('offers to ask again when the auction could not be loaded (not a refusal)', async () => {
    show(['gala'], { [link('gala')]: [503, { message: 'unavailable' }] });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
