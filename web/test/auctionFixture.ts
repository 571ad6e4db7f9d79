import type { AuctionSummary } from '../src/auctions/types.ts';

export function auctionFixture(
  overrides: Partial<AuctionSummary> & { titles?: Partial<Record<'en' | 'fr', string>> } = {},
): AuctionSummary {
  const { titles = { fr: 'Gala d’hiver', en: 'Winter Gala' }, ...fields } = overrides;
  return {
    id: 1,
    status: 3,
    urlMagicLink: 'gala',
    type: 1,
    translations: Object.entries(titles).map(([languageCode, titleShort]) => ({
      languageCode: languageCode as 'en' | 'fr',
      titleShort,
      description: '',
      teamAppellation: null,
    })),
    languages: [1, 2],
    datePreOpen: null,
    dateOpen: '2026-03-01T17:00:00Z',
    dateCompleted: '2026-03-08T01:00:00Z',
    isAvailable: true,
    organizationId: 1,
    organizationName: 'Fondation Lumière',
    currency: 'CAD',
    bannerEnglish: null,
    bannerFrench: null,
    lotCount: 0,
    ...fields,
  };
}
