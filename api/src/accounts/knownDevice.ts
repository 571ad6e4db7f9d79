import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiCookie } from './cookies.ts';

/**
 * A device an account has logged in on (docs/security.md, "A device the owner logged in on").
 * Failed logins on an account meet a ceiling across every address, which bounds guesses spread
 * over many addresses but let whoever reached it lock the owner out until the window ended. A
 * successful login leaves this cookie on the device: later logins to that account that carry it
 * are counted per device instead of in the account's ceiling, so the owner's own phone still logs
 * in while the ceiling holds for everyone else. The cookie proves only that this device once knew
 * the password; it never replaces it.
 *
 * The cookie holds one entry per account logged in on the device (a family's shared tablet), newest
 * first: `<nonce>.<signature>` joined by `~`, the signature an HMAC of the nonce and the account as
 * the rate limits name it (`accountKey`), under a key drawn from the app's secret. The nonce names
 * the device's own failure bucket. httpOnly, SameSite=Strict and sent only to the login call.
 */
export const KNOWN_DEVICE_COOKIE = 'auction_device';
export const KNOWN_DEVICE_COOKIE_PATH = '/api/account/authenticate';
/** A year: the owner's phone stays known across auction seasons. */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** Accounts remembered on one device; the oldest goes first. */
export const KNOWN_DEVICE_ACCOUNTS = 5;

const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function knownDeviceKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('known-device-v1').digest();
}

function signature(key: Buffer, nonce: string, account: string): string {
  return createHmac('sha256', key).update(`${nonce}|${account}`).digest('base64url');
}

function entries(cookieValue: string | undefined): string[] {
  return (cookieValue ?? '').split('~').filter((entry) => ENTRY.test(entry));
}

/** The nonce of the cookie's entry signed for this account, or null (none, altered, another account's). */
export function deviceNonceFor(key: Buffer, cookieValue: string | undefined, account: string): string | null {
  for (const entry of entries(cookieValue)) {
    const [, nonce, signed] = ENTRY.exec(entry) as unknown as [string, string, string];
    const expected = Buffer.from(signature(key, nonce, account));
    const given = Buffer.from(signed);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
  }
  return null;
}

/**
 * The cookie's value after a successful login to `account`: its entry first (the same nonce when
 * the device knew it already, so its failure count stays its own), then the others it still holds.
 */
export function rememberDevice(key: Buffer, cookieValue: string | undefined, account: string): string {
  const known = deviceNonceFor(key, cookieValue, account);
  const nonce = known ?? randomBytes(16).toString('base64url');
  const own = `${nonce}.${signature(key, nonce, account)}`;
  const others = entries(cookieValue).filter((entry) => entry !== own);
  return [own, ...others].slice(0, KNOWN_DEVICE_ACCOUNTS).join('~');
}

export function knownDeviceCookie(value: string, secure: boolean): string {
  return apiCookie(
    { name: KNOWN_DEVICE_COOKIE, path: KNOWN_DEVICE_COOKIE_PATH },
    value,
    KNOWN_DEVICE_MAX_AGE_SECONDS,
    secure,
  );
}
