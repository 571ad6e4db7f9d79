import { describe, expect, it } from 'vitest';
import type { AuctionSummary } from '../../src/auctions/types.ts';
import { normalizeForSearch, searchAuctions } from '../../src/home/searchAuctions.ts';
import { auctionFixture } from '../auctionFixture.ts';

const auction = (id: number, organizationName: string, titles: Partial<Record<'en' | 'fr', string>>) =>
  auctionFixture({ id, organizationName, titles });

const winterGala = auction(1, 'Fondation Lumière', { fr: 'Gala d’hiver', en: 'Winter Gala' });
const school = auction(2, 'École Sainte-Anne', { fr: 'Encan de l’école', en: 'School auction' });
const frenchOnly = auction(3, 'Club de hockey', { fr: 'Soirée bénéfice' });
const all = [winterGala, school, frenchOnly];

const ids = (found: AuctionSummary[]) => found.map((a) => a.id);

describe('normalizeForSearch', () => {
  it('drops case, accents and typographic apostrophes', () => {
    expect(normalizeForSearch('ÉCOLE Sainte-Anne d’Été')).toBe("ecole sainte-anne d'ete");
  });
});

describe('searchAuctions', () => {
  it('returns everything for a blank query', () => {
    expect(ids(searchAuctions(all, '   ', 'fr'))).toEqual([1, 2, 3]);
  });

  it('ignores case and accents in the title', () => {
    expect(ids(searchAuctions(all, 'gala', 'fr'))).toEqual([1]);
    expect(ids(searchAuctions(all, "GALA D'HIVER", 'fr'))).toEqual([1]);
    expect(ids(searchAuctions(all, 'benefice', 'fr'))).toEqual([3]);
  });

  it('matches the organisation name', () => {
    expect(ids(searchAuctions(all, 'ecole', 'fr'))).toEqual([2]);
    expect(ids(searchAuctions(all, 'lumiere', 'en'))).toEqual([1]);
  });

  it('searches the title in the current language only', () => {
    expect(ids(searchAuctions(all, 'winter', 'en'))).toEqual([1]);
    expect(ids(searchAuctions(all, 'winter', 'fr'))).toEqual([]);
    expect(ids(searchAuctions(all, 'hiver', 'en'))).toEqual([]);
  });

  it('falls back to the other language’s title when the current one is missing', () => {
    expect(ids(searchAuctions(all, 'soiree', 'en'))).toEqual([3]);
  });

  it('requires every word, across title and organisation', () => {
    expect(ids(searchAuctions(all, 'school anne', 'en'))).toEqual([2]);
    expect(ids(searchAuctions(all, 'school hockey', 'en'))).toEqual([]);
  });
});
