import { formatter, intlLocale } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/routes.ts';

/** The server's time to the second: an audit reads the order of bids a second apart. */
export function serverTime(iso: string, locale: Locale): string {
  return formatter(
    `serverTime|${locale}`,
    () => new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'medium', timeStyle: 'medium' }),
  ).format(new Date(iso));
}
