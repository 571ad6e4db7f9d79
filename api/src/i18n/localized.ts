import type { AuctionDto } from '../auctions/auctionDto.ts';

/**
 * Accept-Language picks translations (spec 001 §7): answers keep every translation in
 * `translations` and add the request language's text beside it, falling back to the other
 * language, then to 'no-translations' (spec 001 §8), as lot names do.
 */
export type Language = 'en' | 'fr';

const NO_TRANSLATIONS = 'no-translations';

/** The entry for the language, else the first one. */
export function pick<T extends { languageCode: string }>(
  translations: readonly T[],
  language: Language,
): T | undefined {
  return translations.find((t) => t.languageCode === language) ?? translations[0];
}

function named<T extends { translations: Array<{ languageCode: string; name?: string }> }>(
  item: T,
  language: Language,
) {
  return { ...item, name: pick(item.translations, language)?.name ?? NO_TRANSLATIONS };
}

/** The auction with its title, team appellation, tabs, categories and closing groups in the request language. */
export function localizedAuction(auction: AuctionDto, language: Language) {
  const own = pick(auction.translations, language);
  return {
    ...auction,
    titleShort: own?.titleShort ?? NO_TRANSLATIONS,
    description: own?.description ?? '',
    teamAppellation: own?.teamAppellation ?? null,
    tabs: auction.tabs.map((tab) => {
      // A tab's translation carries its name, url, title and content (auctionDto's translationList).
      const text = pick(tab.translations, language) as Partial<Record<'name' | 'url' | 'title' | 'content', string>>;
      return {
        ...tab,
        name: text?.name ?? NO_TRANSLATIONS,
        url: text?.url ?? null,
        title: text?.title ?? null,
        content: text?.content ?? null,
      };
    }),
    itemCategories: auction.itemCategories.map((c) => named(c, language)),
    closingGroups: auction.closingGroups.map((g) => named(g, language)),
  };
}

/** A team's name in the request language from its `{ en, fr }` translations. */
export function teamName(translations: Partial<Record<Language, string>>, language: Language): string {
  return translations[language] ?? translations.en ?? translations.fr ?? NO_TRANSLATIONS;
}
