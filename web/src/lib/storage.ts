/**
 * The browser storage keys of spec 001 §9 / spec 000 §9 (access token, language, list view, cookie
 * consent). The refresh token is not among them: it lives in an httpOnly cookie no script can
 * read (docs/security.md). Storage can throw (privacy modes, disabled cookies); a preference is
 * never worth a crash, so every access is guarded.
 */
export const storageKeys = {
  accessToken: 'accessToken',
  language: 'language',
  listView: 'listView',
  cookieConsent: 'cookieConsent',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStorage(key: StorageKey): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStorage(key: StorageKey, value: string | undefined): void {
  try {
    if (value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // See readStorage.
  }
}

/** sessionStorage (per tab, gone with it) for state worth keeping across a reload only; guarded as above. */
export function readSession(key: string): string | undefined {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // See readStorage.
  }
}
