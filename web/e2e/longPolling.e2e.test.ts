import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bidFromAnotherBidder } from '../../api/test/hub/anotherBidder.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { CHROMIUM, visitorContext } from './browserKit.ts';
import { withServedApp } from './servedApp.ts';

/**
 * A network that blocks WebSockets (docs/hub.md "Long polling"): the lot page still changes live
 * when another bidder bids, over the hub's HTTP long polling.
 */
let t: TestApp;
let browser: Browser;
let origin: string;

withServedApp((served) => {
  ({ t, origin, browser } = served);
});

describe.runIf(existsSync(CHROMIUM))('the hub without WebSockets', { timeout: 120_000 }, () => {
  it('falls back to long polling and still shows a bid from another client live', async () => {
    const list = await t.app.inject({ url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=25' });
    const lot = (list.json() as { items: Array<{ id: number; type: number; status: number }> }).items.find(
      (item) => item.type === 1 && item.status === 2,
    );
    if (!lot) throw new Error('no open lot in the demo');
    const context = await visitorContext(browser);
    // What a proxy that refuses the upgrade looks like to a page: every socket errors and closes unopened.
    await context.addInitScript(() => {
      const attempts = { count: 0 };
      (globalThis as { socketAttempts?: typeof attempts }).socketAttempts = attempts;
      class BlockedSocket extends EventTarget {
        static readonly OPEN = 1;
        readyState = 0;
        onopen: (() => void) | null = null;
        onmessage: (() => void) | null = null;
        onclose: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor() {
          super();
          attempts.count += 1;
          setTimeout(() => {
            this.readyState = 3;
            this.onerror?.();
            this.onclose?.();
          }, 10);
        }
        send() {}
        close() {}
      }
      (globalThis as { WebSocket: unknown }).WebSocket = BlockedSocket;
    });
    const page = await context.newPage();
    const polled = page.waitForRequest((request) => request.url().endsWith('/api/hub/poll'), { timeout: 30_000 });
    await page.goto(`${origin}/en/auctions/demo-gala/items/${lot.id}`);
    const price = page.locator('.lot-detail__price');
    await price.waitFor();
    await polled;
    const before = await price.textContent();
    // The first poll gave the position; the next one is held open when the bid comes.
    await page.waitForTimeout(1_500);

    await bidFromAnotherBidder(t, lot.id);
    await expect.poll(() => price.textContent(), { timeout: 20_000 }).not.toBe(before);
    expect(
      await page.evaluate(() => (globalThis as { socketAttempts?: { count: number } }).socketAttempts?.count),
    ).toBe(2);
    await context.close();
  });
});
