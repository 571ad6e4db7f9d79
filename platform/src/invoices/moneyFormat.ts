/**
 * Amounts in cents as a reader of each language writes them: fr-CA "1 234,56 $", en-CA
 * "$1,234.56". Intl's French separators are no-break spaces, so an amount never wraps.
 */
export type DocumentLanguage = 'en' | 'fr';

const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, language: DocumentLanguage, currency = 'CAD'): string {
  const key = `${language}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}

export function formatDate(date: Date, language: DocumentLanguage): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'America/Toronto',
  }).format(date);
}
