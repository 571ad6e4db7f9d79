import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../api/test/testApp.ts';
import { buildWebForProduction, CHROMIUM, chromiumArgs } from './browserKit.ts';

export interface ServedApp {
  /** The real stack with the demo loaded. */
  t: TestApp;
  /** Where it listens, serving the built web app. */
  origin: string;
  browser: Browser;
}

/**
 * The built web app served by the real API on a free port, and Chromium: started before the file's
 * tests (handed to `onStarted`, which may prepare data before the first test), closed after them.
 */
export function withServedApp(onStarted: (served: ServedApp) => void | Promise<void>): void {
  let served: ServedApp | undefined;
  beforeAll(async () => {
    buildWebForProduction();
    const t = await startTestApp();
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    served = { t, origin, browser: await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs }) };
    await onStarted(served);
  }, 240_000);
  afterAll(async () => {
    await served?.browser.close();
    await served?.t.close();
  });
}
