import type { Locale } from './routes.ts';

/**
 * A text kept in each language (`{ en?, fr? }`, as the operator API stores names) in the page's
 * language, else in French (the product's first language), else in English; empty when it has none.
 */
export function textIn(texts: Partial<Record<Locale, string | null>>, locale: Locale): string {
  return texts[locale] ?? texts.fr ?? texts.en ?? '';
}
