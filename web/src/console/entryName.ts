/**
 * The name of an auction's category or closing group as the console lists it: in the console's
 * language, else the first one it was given.
 */
export const entryName = (translations: readonly { languageCode: string; name: string }[], locale: string) =>
  (translations.find((t) => t.languageCode === locale) ?? translations[0])?.name ?? '';
