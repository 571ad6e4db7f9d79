import { defaultLocale, detectLocale, type Locale } from './routes.ts';

// Spec 001 §9 storage key; cookie-consent decline will remove it.
const storageKey = 'language';

function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

// Storage can throw (privacy modes, disabled cookies); the language preference is never worth a crash.
export function readStoredLocale(): Locale | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(storageKey, locale);
  } catch {
    // See readStoredLocale.
  }
}

/** The URL decides (every route is language-specific); the stored choice only counts when it names none. */
export function resolveLocale(pathname: string): Locale {
  return detectLocale(pathname) ?? readStoredLocale() ?? defaultLocale;
}
