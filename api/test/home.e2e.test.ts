import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, launchChromium } from '../../scripts/lib/chromium.ts';
import { startTestApp, type TestApp } from './testApp.ts';

let t: TestApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  t = await startTestApp();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe.runIf(existsSync(CHROMIUM_PATH))('the web app served at /', () => {
  it('shows the demo auctions on the home page, in French then in English', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.getByText('Gala d’hiver 2026').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.goto(`${origin}/en`);
    await page.getByText('Winter Gala 2026').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.close();
  });

  it('sends an unknown path to a site root (French / or English /en)', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/nowhere/at/all`);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/en');
    await page.goto(`${origin}/en/nowhere`);
    await page.waitForURL((url) => url.pathname === '/en');
    await page.close();
  });
});
