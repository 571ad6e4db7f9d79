import { existsSync } from 'node:fs';
import { aptInstall } from '@auction/platform';
import type { Browser } from 'playwright-core';

/** Where the browser tests find Chromium (Debian's package; tools never download their own). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_MISSING_MESSAGE =
  `The browser tests need Chromium at ${CHROMIUM_PATH} and it is not installed. ` +
  'Install it (Debian/Ubuntu: sudo apt-get install chromium), or run as root or with password-less sudo ' +
  'so that npm test installs it, or run one tier without the browser: npm test -- <path>.';

/**
 * The browser tests drive Debian's Chromium. When it is missing, `npm test` installs it the way
 * `npm start` installs redis-server (apt-get as root or with password-less sudo); otherwise it
 * stops with the message above before starting anything.
 */
export function ensureChromium(log: (line: string) => void, allowAptInstall: boolean): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  return allowAptInstall && aptInstall(['chromium'], log) && existsSync(CHROMIUM_PATH);
}

/** Chromium's flags in the tests: no sandbox (CI runs as root), no GPU, nothing fetched in the background. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium driven by playwright-core (loaded here only, for the browser tests). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
}
