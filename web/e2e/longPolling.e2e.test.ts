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

describe.runIf(existsSync(CHROMIUM))('the installable app', { timeout: 120_000 }, () => {
  it('has a manifest with PNG icons, and its service worker shows a pushed notice carrying the address of the lot', async () => {
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    const icons = (manifest.json() as { icons: Array<{ src: string; type: string }> }).icons;
    expect(icons.map((icon) => icon.type)).toEqual(['image/png', 'image/png', 'image/png']);
    for (const icon of icons) {
      const png = await t.app.inject({ url: icon.src });
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }

    const context = await visitorContext(browser);
    await context.grantPermissions(['notifications'], { origin });
    const page = await context.newPage();
    await page.goto(`${origin}/en/auctions/demo-gala`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${origin}/`);

    // What a push service delivers: the worker's JSON notice, handed to the service worker over CDP.
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
        const ours = list.find((entry: { scopeURL: string }) => entry.scopeURL === `${origin}/`);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registrations;
    const url = `${origin}/en/auctions/demo-gala/items/1`;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `${origin}/`,
      registrationId,
      data: JSON.stringify({ title: 'You have been outbid', body: 'Lot 1. Bid again.', url, tag: 'lot-1-outbidPush' }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: (n.data as { url: string }).url,
            })),
          ),
        { timeout: 10_000 },
      )
      .toEqual([{ title: 'You have been outbid', body: 'Lot 1. Bid again.', tag: 'lot-1-outbidPush', url }]);
    await context.close();
  });
});
