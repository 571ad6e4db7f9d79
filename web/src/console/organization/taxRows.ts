import { ratePpmOf } from '@auction/contract';
import type { Locale } from '../../i18n/routes.ts';
import type { FieldErrors } from '../setup/auctionForm.ts';
import { type Names, namesBody } from '../setup/TranslatedNames.tsx';
import type { TaxBody } from './queries.ts';

/** A tax as its editor holds it: a key that follows the row when it moves, its names, its rate as typed. */
export interface TaxRow {
  key: number;
  names: Names;
  rate: string;
}

/** A rate in percent as an operator of that language types it: 9.975, « 9,975 ». */
export function rateText(rate: number, locale: Locale): string {
  const text = String(rate);
  return locale === 'fr' ? text.replace('.', ',') : text;
}

/** The tax's name in the page's language, else in the other; empty when it has none yet. */
export function taxName(names: Names, locale: Locale): string {
  const [first, second] = locale === 'fr' ? [names.fr, names.en] : [names.en, names.fr];
  return first.trim() || second.trim();
}

/** The list as the API takes it: only the languages typed, each rate as typed. */
export function taxesBody(rows: readonly TaxRow[]): TaxBody[] {
  return rows.map((row) => ({ translations: namesBody(row.names), rate: row.rate.trim() }));
}

/**
 * What the API would refuse, found before anything is sent, under the paths it would name: a rate
 * the contract's rule does not read, a tax with no name in either language.
 */
export function taxesRefused(rows: readonly TaxRow[]): FieldErrors {
  const errors: FieldErrors = {};
  rows.forEach((row, index) => {
    if (ratePpmOf(row.rate) === null) errors[`taxes.${index}.rate`] = ['invalid_tax_rate'];
    if (Object.keys(namesBody(row.names)).length === 0)
      errors[`taxes.${index}.translations`] = ['translation_required'];
  });
  return errors;
}
