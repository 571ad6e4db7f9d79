import { randomUUID } from 'node:crypto';
import { AUCTION_EXPORT_KINDS } from '@auction/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type ConfirmedAccount, callAs, registerConfirmed } from '../accounts/accountFlows.ts';
import { useDemoStaff } from '../accounts/demoStaff.ts';
import { useTestApp } from '../useTestApp.ts';

/**
 * Records saved with only what their forms require — an organisation with a name, an auction, a
 * lot, a category, a tab and a team named in English alone, a tab with no title nor text, a
 * banner with its address only — are read back by every screen that shows them, for a visitor, a
 * bidder and an operator, without a server error. An answer that promises a field the form left
 * optional fails its response schema and answers 500: a tab saved without a title once did, and
 * took the auction's every page down with it.
 */
const test = useTestApp();
const staff = useDemoStaff(test, 'admin');
let bidder: ConfirmedAccount;
let link: string;
let auctionId: number;
let lotId: number;
let pricedLotId: number;
let organizationId: number;

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function created(method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>) {
  const response = await callAs(test.app, staff.admin, method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

beforeAll(async () => {
  bidder = await registerConfirmed(test);
  organizationId = (await created('POST', '/api/admin/organizations', { name: 'Sparse' })).id;
  link = `sparse-${randomUUID().slice(0, 8)}`;
  auctionId = (
    await created('POST', '/api/admin/auctions', {
      organizationId,
      urlMagicLink: link,
      translations: { en: { titleShort: 'Sparse' } },
      dateOpen: inHours(-1),
      dateCompleted: inHours(6),
      status: 3,
    })
  ).id;
  await created('POST', `/api/admin/auctions/${auctionId}/categories`, { translations: { en: 'Only English' } });
  await created('POST', `/api/admin/auctions/${auctionId}/tabs`, {
    translations: { en: { name: 'Bare', url: 'bare' } },
  });
  await created('POST', `/api/admin/auctions/${auctionId}/closing-groups`, {
    translations: { en: 'Group' },
    dateCompleted: inHours(5),
  });
  await created('POST', `/api/admin/auctions/${auctionId}/photos`, { fullPath: 'https://cdn.example.org/only.jpg' });
  await created('POST', `/api/admin/organizations/${organizationId}/teams`, { translations: { en: 'Team' } });
  lotId = (
    await created('POST', `/api/admin/auctions/${auctionId}/lots`, {
      translations: { en: { name: 'Bare lot' } },
      dateCompleted: inHours(4),
    })
  ).id;
  // Bids need a price: this lot has only that more, so the reads of a standing have one.
  pricedLotId = (
    await created('POST', `/api/admin/auctions/${auctionId}/lots`, {
      translations: { en: { name: 'Priced lot' } },
      startingBid: 5,
      dateCompleted: inHours(4),
    })
  ).id;
  await created('POST', `/api/admin/auctions/${auctionId}/lots`, {
    type: 3,
    translations: { en: { name: 'Bare sale' } },
    dateCompleted: inHours(4),
  });
  await test.projections.caughtUp();
});

/** The reads of the bidders' screens and the operators' console, for the sparse auction and lot. */
function reads(): string[] {
  const byLink = `urlMagicLink=${link}`;
  return [
    `/api/auctions/url-magic-link?${byLink}`,
    '/api/auctions',
    `/api/auctions/carousel/${auctionId}`,
    `/api/auctions/get-date-completed/${auctionId}`,
    `/api/auctions/organization-teams/url-magic-link?${byLink}`,
    `/api/auctions/${auctionId}/projector`,
    `/api/auction-lot-items?${byLink}`,
    ...[lotId, pricedLotId].flatMap((id) => [
      `/api/auction-lot-items/${id}`,
      `/api/auction-lot-items/refresh-bids/${id}`,
      `/api/admin/lots/${id}/bids`,
      `/api/admin/lots/${id}/audit-trail`,
      `/api/audit/lots/${id}/replay`,
    ]),
    `/api/auctions/leaderboard?${byLink}`,
    `/api/auctions/winner-leaderboard?${byLink}`,
    `/api/favorites?${byLink}`,
    `/api/account/bids?${byLink}`,
    `/api/auctions/donations?auctionId=${auctionId}`,
    `/api/admin/auctions/${auctionId}`,
    `/api/admin/auctions?organizationId=${organizationId}`,
    `/api/admin/auctions/${auctionId}/lots`,
    `/api/admin/auctions/${auctionId}/bidders`,
    `/api/admin/auctions/${auctionId}/live-lots`,
    `/api/admin/auctions/${auctionId}/closing-minute`,
    `/api/admin/auctions/${auctionId}/invoices`,
    `/api/admin/organizations/${organizationId}/teams`,
    `/api/audit/auctions/${auctionId}/lots`,
    `/api/check-in/auctions/${auctionId}/guests`,
    ...AUCTION_EXPORT_KINDS.map((kind) => `/api/admin/auctions/${auctionId}/exports/${kind}`),
  ];
}

describe('records saved with only their required fields', () => {
  it('are read by every screen, in each language, for a visitor, a bidder and an operator, without a server error', async () => {
    const bid = await callAs(test.app, bidder.token, 'POST', `/api/bids/auctionlotitem/${pricedLotId}/bid`, {
      amount: 5,
      commandId: randomUUID(),
    });
    expect(bid.statusCode, bid.body).toBe(200);
    await test.projections.caughtUp();
    const failures: string[] = [];
    for (const [who, headers] of [
      ['visitor', {}],
      ['bidder', bearer(bidder.token)],
      ['administrator', bearer(staff.admin)],
    ] as const) {
      for (const language of ['fr', 'en']) {
        for (const url of reads()) {
          const response = await test.app.inject({
            method: 'GET',
            url,
            headers: { ...headers, 'accept-language': language },
          });
          if (response.statusCode >= 500)
            failures.push(`${who} ${language} GET ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // And the public answer does show what was saved.
    const auction = (
      await test.app.inject({ method: 'GET', url: `/api/auctions/url-magic-link?urlMagicLink=${link}` })
    ).json();
    expect(auction.tabs[0]).toMatchObject({ name: 'Bare', title: '', content: '' });
    expect(auction.itemCategories[0].name).toBe('Only English');
  });
});
