import { createAuctionLifecycleQueue } from '@auction/platform';
import { testPrefix, testRedisUrl } from '@auction/platform/testing';
import { type AuctionWorkers, startAuctionWorkers } from '@auction/workers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { demoToken } from '../../api/test/accounts/demoStaff.ts';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../api/test/testApp.ts';
import { buildWebForProduction, launchChromium } from './browserKit.ts';

export interface ServedApp {
  /** The real stack with the demo loaded. */
  t: TestApp;
  /** Where it listens, serving the built web app. */
  origin: string;
  browser: Browser;
  /** The auction workers (closings, lifecycle, invoices), when asked for. */
  workers?: AuctionWorkers;
}

export interface ServedAppOptions {
  /**
   * Also run the auction workers as `npm start` does, with the API's status changes on their
   * lifecycle queue, so an auction opened or completed in the browser moves on by itself. The
   * invoice delay is shortened to `invoiceDelayMs`.
   */
  workers?: { invoiceDelayMs: number };
}

/**
 * The built web app served by the real API on a free port, and Chromium: started before the file's
 * tests (handed to `onStarted`, which may prepare data before the first test), closed after them.
 */
export function withServedApp(
  onStarted: (served: ServedApp) => void | Promise<void>,
  options: ServedAppOptions = {},
): void {
  let served: ServedApp | undefined;
  let closeLifecycle: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    buildWebForProduction();
    // BullMQ's keys of this file's own: another test file's workers never take these jobs.
    const queuePrefix = testPrefix();
    const connection = { url: testRedisUrl() };
    const lifecycle = options.workers ? createAuctionLifecycleQueue({ connection, prefix: queuePrefix }) : undefined;
    closeLifecycle = lifecycle && (() => lifecycle.close());
    const t = await startTestApp(lifecycle ? { app: { auctionLifecycle: lifecycle } } : {});
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const workers = options.workers
      ? startAuctionWorkers({
          pool: t.database.pool,
          db: t.database.db,
          connection,
          prefix: queuePrefix,
          hubRedis: t.redis,
          hubPrefix: t.prefix,
          messages: t.messaging.queue,
          publicUrl: TEST_PUBLIC_URL,
          invoiceDelayMs: options.workers.invoiceDelayMs,
          sweepIntervalMs: 0,
          onError: (error) => console.error('[workers]', error),
        })
      : undefined;
    await workers?.swept;
    served = {
      t,
      origin,
      browser: await launchChromium(),
      ...(workers ? { workers } : {}),
    };
    await onStarted(served);
  }, 240_000);
  afterAll(async () => {
    await served?.browser.close();
    await served?.workers?.stop();
    await closeLifecycle?.();
    await served?.t.close();
  });
}

/** The demo's gala and the organisation running it: what the console's addresses name. */
export async function demoGala(t: TestApp): Promise<{ id: number; organizationId: number }> {
  const gala = await t.database.db
    .selectFrom('auctions')
    .select(['id', 'organization_id'])
    .where('url_magic_link', '=', 'demo-gala')
    .executeTakeFirstOrThrow();
  return { id: gala.id, organizationId: gala.organization_id };
}

/** A served app with what the console's browser tests start from: the demo's gala and its manager signed in. */
export interface GalaConsole extends ServedApp {
  galaId: number;
  organizationId: number;
  /** The demo's auction manager's access token. */
  managerToken: string;
}

/**
 * `withServedApp` for a console test on the demo's gala: the answer is filled before the file's
 * first test (read it inside the tests).
 */
export function withGalaConsole(): GalaConsole {
  const gala = {} as GalaConsole;
  withServedApp(async (served) => {
    const { id, organizationId } = await demoGala(served.t);
    Object.assign(gala, served, { galaId: id, organizationId, managerToken: await demoToken(served.t.app, 'manager') });
  });
  return gala;
}
