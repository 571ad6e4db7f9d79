import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, screenshotBothWidths, visitorContext } from './browserKit.ts';
import { withServedApp } from './servedApp.ts';

/**
 * Issue 17 §5: a bidder finds their bids of the auction from the user menu, each lot with their bid
 * and where they stand, in French and in English, on a phone and a computer.
 */
let t: TestApp;
let browser: Browser;
let origin: string;

withServedApp((served) => {
  ({ t, origin, browser } = served);
});

type Money = { value: number } | null;
type ListedLot = {
  id: number;
  type: number;
  bidCount: number;
  lastBid: Money;
  startingBid: Money;
  minimumIncrement: Money;
};

/** A bid safely above the lot's current price. */
async function bidAbove(token: string, lot: ListedLot, extra: number): Promise<number> {
  const amount = (lot.lastBid?.value ?? lot.startingBid?.value ?? 0) + (lot.minimumIncrement?.value ?? 1) + extra;
  const answer = await callAs(t.app, token, 'POST', `/api/bids/auctionlotitem/${lot.id}/bid`, {
    auctionLotItem_Id: lot.id,
    amount,
  });
  expect(answer.statusCode).toBe(200);
  return amount;
}

describe('my bids', () => {
  it('shows the user their lots, leading and outbid, from the user menu in both languages', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=25',
    });
    const auctionLots = (list.json().items as ListedLot[]).filter((lot) => lot.type === 1 && lot.bidCount === 0);
    const [leading, outbid] = auctionLots;
    if (!leading || !outbid) throw new Error('the demo gala has auction lots');
    const bidder = await registerConfirmed(t);
    const rival = await registerConfirmed(t);
    await bidAbove(bidder.token, leading, 5);
    const mine = await bidAbove(bidder.token, outbid, 5);
    await bidAbove(rival.token, { ...outbid, lastBid: { value: mine } }, 5);
    await t.projections.caughtUp();
    const standings = (await callAs(t.app, bidder.token, 'GET', '/api/account/bids?urlMagicLink=demo-gala')).json();
    expect(standings.map((row: { standing: string }) => row.standing).sort()).toEqual(['leading', 'outbid']);

    const context = await visitorContext(browser, { token: bidder.token }, PHONE);
    const page = await context.newPage();
    await page.goto(`${origin}/encans/demo-gala/lots`);
    await page.locator('summary.header-button').click();
    await page.getByRole('link', { name: 'Mes mises' }).click();
    await page.getByRole('heading', { name: 'Mes mises' }).waitFor();
    expect(page.url()).toBe(`${origin}/encans/demo-gala/mes-mises`);
    // Phones get cards: each shows the standing as a word.
    await page.locator('.my-bid-standing', { hasText: 'En tête' }).waitFor();
    await page.locator('.my-bid-standing', { hasText: 'Surenchéri' }).waitFor();
    await expectAccessible(page, 'my bids (fr, phone)');
    await screenshot(page, 'my-bids-fr-390');
    await page.setViewportSize(DESKTOP);
    const rows = page.locator('table tbody tr');
    await rows.nth(1).waitFor();
    const texts = await rows.allTextContents();
    expect(texts.filter((row) => row.includes('En tête'))).toHaveLength(1);
    expect(texts.filter((row) => row.includes('Surenchéri'))).toHaveLength(1);
    await screenshot(page, 'my-bids-fr-1280');

    await page.goto(`${origin}/en/auctions/demo-gala/my-bids`);
    await page.getByRole('heading', { name: 'My bids' }).waitFor();
    await page.getByRole('button', { name: 'Outbid' }).click();
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
    expect(await page.locator('table tbody tr').textContent()).toContain('Outbid');
    await expectAccessible(page, 'my bids (en)');
    await screenshotBothWidths(page, 'my-bids-en');
    await context.close();
  }, 120_000);
});
