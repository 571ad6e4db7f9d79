import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConfirmedAccount, callAs, registerConfirmed } from '../accounts/accountFlows.ts';
import { useDemoStaff } from '../accounts/demoStaff.ts';
import { useTestApp } from '../useTestApp.ts';
import { inHours, type Sparse, serverErrorsOfReads } from './sparseReads.ts';

/**
 * Records saved with only what their forms require — an organisation with a name, an auction, a
 * lot, a category, a tab and a team named in one language alone, a tab with no title nor text, a
 * banner with its address only — are read back by every screen that shows them, for a visitor, a
 * bidder and an operator, without a server error. An answer that promises a field the form left
 * optional fails its response schema and answers 500: a tab saved without a title once did, and
 * took the auction's every page down with it.
 */
const test = useTestApp();
const staff = useDemoStaff(test, 'admin');
let bidder: ConfirmedAccount;

interface SparseAuction extends Sparse {
  /** A lot with a name and an end only; one with a starting bid too (bids need a price). */
  pricedLotId: number;
}
const sparse: SparseAuction[] = [];

async function created(url: string, body: Record<string, unknown>) {
  const response = await callAs(test.app, staff.admin, 'POST', url, body);
  expect(response.statusCode, `POST ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** An organisation and an auction, every part of it named in `language` alone. */
async function sparseAuction(language: 'en' | 'fr', status: number): Promise<SparseAuction> {
  const organizationId = (await created('/api/admin/organizations', { name: `Sparse ${language}` })).id;
  const link = `sparse-${language}-${randomUUID().slice(0, 8)}`;
  const auctionId = (
    await created('/api/admin/auctions', {
      organizationId,
      urlMagicLink: link,
      translations: { [language]: { titleShort: 'Sparse' } },
      dateOpen: inHours(status >= 3 ? -1 : 1),
      dateCompleted: inHours(6),
      status,
    })
  ).id;
  const base = `/api/admin/auctions/${auctionId}`;
  const category = await created(`${base}/categories`, { translations: { [language]: 'One language' } });
  await created(`${base}/tabs`, { translations: { [language]: { name: 'Bare', url: 'bare' } } });
  const group = await created(`${base}/closing-groups`, {
    translations: { [language]: 'Group' },
    dateCompleted: inHours(5),
  });
  await created(`${base}/photos`, { fullPath: 'https://cdn.example.org/only.jpg' });
  const team = await created(`/api/admin/organizations/${organizationId}/teams`, {
    translations: { [language]: 'Team' },
  });
  const bare = await created(`${base}/lots`, {
    translations: { [language]: { name: 'Bare lot' } },
    dateCompleted: inHours(4),
  });
  const placed = await created(`${base}/lots`, {
    translations: { [language]: { name: 'Placed lot' } },
    itemCategoryIds: [category.id],
    auctionClosingGroupId: group.id,
    organizationTeamId: team.id,
    dateCompleted: inHours(4),
  });
  const priced = await created(`${base}/lots`, {
    translations: { [language]: { name: 'Priced lot' } },
    startingBid: 5,
    dateCompleted: inHours(4),
  });
  const sale = await created(`${base}/lots`, {
    type: 3,
    translations: { [language]: { name: 'Bare sale' } },
    dateCompleted: inHours(4),
  });
  return { organizationId, link, auctionId, lotIds: [bare.id, placed.id, priced.id, sale.id], pricedLotId: priced.id };
}

beforeAll(async () => {
  bidder = await registerConfirmed(test);
  sparse.push(await sparseAuction('en', 3), await sparseAuction('fr', 2));
  await test.projections.caughtUp();
});

describe('records saved with only their required fields', () => {
  it('are read by every screen, in each language, for a visitor, a bidder and an operator, without a server error', async () => {
    const open = sparse[0] as SparseAuction;
    const bid = await callAs(test.app, bidder.token, 'POST', `/api/bids/auctionlotitem/${open.pricedLotId}/bid`, {
      amount: 5,
      commandId: randomUUID(),
    });
    expect(bid.statusCode, bid.body).toBe(200);
    await test.projections.caughtUp();
    const failures = await serverErrorsOfReads(test, sparse, { bidder: bidder.token, operator: staff.admin });
    expect(failures).toEqual([]);
    // And the public answer does show what was saved.
    const shown = (
      await test.app.inject({ method: 'GET', url: `/api/auctions/url-magic-link?urlMagicLink=${open.link}` })
    ).json();
    expect(shown.tabs[0]).toMatchObject({ name: 'Bare', title: '', content: '' });
    expect(shown.itemCategories[0].name).toBe('One language');
  });
});
