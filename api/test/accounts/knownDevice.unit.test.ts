import { describe, expect, it } from 'vitest';
import {
  deviceNonceFor,
  KNOWN_DEVICE_ACCOUNTS,
  knownDeviceCookie,
  knownDeviceKey,
  rememberDevice,
} from '../../src/accounts/knownDevice.ts';

const key = knownDeviceKey('a-secret-of-the-app-a-secret-of-the-app');
const bob = 'id:bob@example.test';

describe('known device', () => {
  it("answers the device's nonce only for the account its entry was signed for", () => {
    const cookie = rememberDevice(key, undefined, bob);
    const nonce = deviceNonceFor(key, cookie, bob);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceNonceFor(key, cookie, 'id:alice@example.test')).toBeNull();
    expect(deviceNonceFor(key, cookie, 'phone:5145550100')).toBeNull();
    expect(deviceNonceFor(key, undefined, bob)).toBeNull();
  });

  it('refuses an entry signed under another secret, or altered in any character', () => {
    const cookie = rememberDevice(key, undefined, bob);
    expect(deviceNonceFor(knownDeviceKey('another-secret-another-secret-another'), cookie, bob)).toBeNull();
    const last = cookie.at(-1) === 'A' ? 'B' : 'A';
    expect(deviceNonceFor(key, `${cookie.slice(0, -1)}${last}`, bob)).toBeNull();
    const first = cookie[0] === 'A' ? 'B' : 'A';
    expect(deviceNonceFor(key, `${first}${cookie.slice(1)}`, bob)).toBeNull();
    expect(deviceNonceFor(key, 'not-an-entry', bob)).toBeNull();
  });

  it('keeps the nonce of an account it knows, puts the newest account first, and holds a few accounts', () => {
    const first = rememberDevice(key, undefined, bob);
    const again = rememberDevice(key, first, bob);
    expect(again).toBe(first);

    let cookie = first;
    const accounts = Array.from({ length: KNOWN_DEVICE_ACCOUNTS + 1 }, (_, i) => `id:member${i}@example.test`);
    for (const account of accounts) cookie = rememberDevice(key, cookie, account);
    expect(cookie.split('~')).toHaveLength(KNOWN_DEVICE_ACCOUNTS);
    expect(deviceNonceFor(key, cookie, accounts.at(-1) as string)).not.toBeNull();
    expect(deviceNonceFor(key, cookie, accounts[1] as string)).not.toBeNull();
    // The oldest ones went first.
    expect(deviceNonceFor(key, cookie, accounts[0] as string)).toBeNull();
    expect(deviceNonceFor(key, cookie, bob)).toBeNull();
    // Garbage in the cookie is dropped, not carried along.
    expect(rememberDevice(key, `junk~${first}`, bob)).toBe(first);
  });

  it('is sent only to the login call, out of scripts, never to another site', () => {
    expect(knownDeviceCookie('v', true)).toBe(
      'auction_device=v; Path=/api/account/authenticate; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure',
    );
    expect(knownDeviceCookie('v', false)).not.toContain('Secure');
  });
});
