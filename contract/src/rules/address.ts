/**
 * Address rules of spec 000 §3 and §5: Canadian postal codes (A1A 1A1, space or dash optional),
 * American ZIP codes, and the province code matched by its French or English name, else 99. Written
 * once for the API (which enforces them) and the web app (which checks the postal code on blur and
 * matches the province of a looked-up address).
 */
const CANADIAN_POSTAL_CODE = /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/;
const ZIP_CODE = /^\d{5}(-\d{4})?$/;

/** The United States by its code or name in either language. */
export function isUnitedStates(country: string | null | undefined): boolean {
  return Boolean(country && /^(us|usa|united states|états-unis|etats-unis)$/i.test(country.trim()));
}

/** Canada by its code or name. */
export function isCanada(country: string | null | undefined): boolean {
  return Boolean(country && /^(ca|can|canada)$/i.test(country.trim()));
}

export function isValidPostalCode(value: string, country?: string | null): boolean {
  const text = value.trim();
  if (isUnitedStates(country)) return ZIP_CODE.test(text);
  if (isCanada(country)) return CANADIAN_POSTAL_CODE.test(text);
  return CANADIAN_POSTAL_CODE.test(text) || ZIP_CODE.test(text);
}

export function normalizePostalCode(value: string): string {
  const text = value.trim().toUpperCase();
  const match = /^([A-Z]\d[A-Z])[ -]?(\d[A-Z]\d)$/.exec(text);
  return match ? `${match[1]} ${match[2]}` : text;
}

export const OTHER_PROVINCE = 99;

/** Province codes 1–13 in a fixed order; names in both languages, compared without case or accents. */
const PROVINCES: ReadonlyArray<{ code: number; abbreviation: string; en: string; fr: string }> = [
  { code: 1, abbreviation: 'AB', en: 'Alberta', fr: 'Alberta' },
  { code: 2, abbreviation: 'BC', en: 'British Columbia', fr: 'Colombie-Britannique' },
  { code: 3, abbreviation: 'MB', en: 'Manitoba', fr: 'Manitoba' },
  { code: 4, abbreviation: 'NB', en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
  { code: 5, abbreviation: 'NL', en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
  { code: 6, abbreviation: 'NS', en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
  { code: 7, abbreviation: 'NT', en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
  { code: 8, abbreviation: 'NU', en: 'Nunavut', fr: 'Nunavut' },
  { code: 9, abbreviation: 'ON', en: 'Ontario', fr: 'Ontario' },
  { code: 10, abbreviation: 'PE', en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
  { code: 11, abbreviation: 'QC', en: 'Quebec', fr: 'Québec' },
  { code: 12, abbreviation: 'SK', en: 'Saskatchewan', fr: 'Saskatchewan' },
  { code: 13, abbreviation: 'YT', en: 'Yukon', fr: 'Yukon' },
];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

export function provinceEnumOf(name: string | null | undefined): number {
  if (!name) return OTHER_PROVINCE;
  const key = fold(name);
  const found = PROVINCES.find((p) => fold(p.en) === key || fold(p.fr) === key || fold(p.abbreviation) === key);
  return found?.code ?? OTHER_PROVINCE;
}

/** A Canadian province or territory's name in a language, by its two-letter abbreviation; undefined for others. */
export function provinceNameOf(abbreviation: string, language: 'en' | 'fr'): string | undefined {
  return PROVINCES.find((p) => p.abbreviation === abbreviation.toUpperCase())?.[language];
}
