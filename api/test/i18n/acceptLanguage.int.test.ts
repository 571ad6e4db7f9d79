import { describe, expect, it } from 'vitest';
import { useTestApp } from '../useTestApp.ts';

const test = useTestApp();

const get = (url: string, language?: string) =>
  test.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

describe('Accept-Language picks translations in auction answers', () => {
  it('gives the auction’s title, categories and closing groups in the request language, keeping every translation', async () => {
    const en = (await get('/api/auctions/url-magic-link?urlMagicLink=demo-gala', 'en-CA,en;q=0.9')).json();
    const fr = (await get('/api/auctions/url-magic-link?urlMagicLink=demo-gala', 'fr-CA')).json();
    expect(en.titleShort).toBe('Winter Gala 2026');
    expect(fr.titleShort).toBe('Gala d’hiver 2026');
    expect(en.translations).toEqual(fr.translations);
    expect(en.itemCategories[0].name).not.toBe(fr.itemCategories[0].name);
    expect(en.itemCategories[0].translations).toContainEqual({ languageCode: 'en', name: en.itemCategories[0].name });
    expect(en.closingGroups[0].translations).toContainEqual({ languageCode: 'fr', name: fr.closingGroups[0].name });
    // Without the header the product speaks French, its default.
    expect((await get('/api/auctions/url-magic-link?urlMagicLink=demo-gala')).json().titleShort).toBe(fr.titleShort);
  });

  it('localises the home page lists and the teams', async () => {
    const list = (await get('/api/auctions', 'en')).json();
    expect(list.map((a: { titleShort: string }) => a.titleShort)).toContain('Spring Auction');
    const closed = (await get('/api/auctions/recently-closed', 'fr')).json();
    expect(closed.map((a: { titleShort: string }) => a.titleShort)).toContain('Encan d’automne');
    const teams = (await get('/api/auctions/organization-teams/url-magic-link?urlMagicLink=demo-gala', 'en')).json();
    expect(teams[0].name).toMatch(/team$/);
    const équipes = (await get('/api/auctions/organization-teams/url-magic-link?urlMagicLink=demo-gala', 'fr')).json();
    expect(équipes[0].name).toMatch(/^Équipe/);
  });
});
