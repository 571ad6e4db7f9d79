import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildWebIfStale } from '../../scripts/lib/buildWeb.ts';

export { CHROMIUM_PATH as CHROMIUM, launchChromium } from '../../scripts/lib/chromium.ts';
/** The two screens every new screen is looked at on (a phone, a laptop). */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export const SCREENSHOTS = resolve(import.meta.dirname, 'screenshots');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Builds the web app when its sources changed since the last build, as production serves it:
 * Vitest runs under NODE_ENV=test, which the build would inherit (React's development build).
 */
export function buildWebForProduction(): void {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    buildWebIfStale(() => {});
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * A browser context as a returning visitor: cookies answered, optionally signed in with an access
 * token (the refresh token is an httpOnly cookie the API sets; a test session goes without one).
 */
export async function visitorContext(
  browser: Browser,
  session?: { token: string },
  viewport = { width: 1280, height: 900 },
  touch = false,
): Promise<BrowserContext> {
  // A touch screen (a phone in the hand) matches `pointer: coarse`, which larger targets answer.
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  await context.addInitScript((tokens) => {
    localStorage.setItem('cookieConsent', 'true');
    if (tokens && !localStorage.getItem('accessToken')) {
      localStorage.setItem('accessToken', tokens.token);
    }
  }, session ?? null);
  return context;
}

/**
 * Saves the screen under web/e2e/screenshots/<name>.png (kept out of git): the whole page, or
 * (`fullPage` false) what the screen shows, as for a dialog, which stays in view as the page scrolls.
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * Saves the screen as `<name>-1280` at the desktop width it is shown at, then as `<name>-390` on
 * a phone's width, which it leaves the page at.
 */
export async function screenshotBothWidths(page: Page, name: string, fullPage = true): Promise<void> {
  await screenshot(page, `${name}-1280`, fullPage);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`, fullPage);
}

/** axe-core inside the page: no serious or critical violation (WCAG 2.1 AA rules). */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Evaluated by the test driver rather than added as a <script>: the app's policy refuses inline script.
  await page.evaluate(readFileSync(axePath, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
  expect(violations, `axe on ${screen}`).toEqual([]);
}
