import { readStorage, storageKeys, writeStorage } from '../lib/storage.ts';
import { defaultLocale, detectLocale, type Locale } from './routes.ts';

function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

export function readStoredLocale(): Locale | undefined {
  const stored = readStorage(storageKeys.language);
  return isLocale(stored) ? stored : undefined;
}

export function storeLocale(locale: Locale): void {
  writeStorage(storageKeys.language, locale);
}

/** The URL decides (every route is language-specific); the stored choice only counts when it names none. */
export function resolveLocale(pathname: string): Locale {
  return detectLocale(pathname) ?? readStoredLocale() ?? defaultLocale;
}
