import { describe, expect, it } from 'vitest';
import { auctionPageOf, firstPhotoOf, pageWithFirstData } from '../../src/webApp/firstScreen.ts';

describe("an auction page's address", () => {
  it('names the auction, the lot and the language of every auction screen', () => {
    expect(auctionPageOf('/encans/gala')).toEqual({ urlMagicLink: 'gala', lotId: null, locale: 'fr' });
    expect(auctionPageOf('/encans/gala/lots')).toEqual({ urlMagicLink: 'gala', lotId: null, locale: 'fr' });
    expect(auctionPageOf('/encans/gala/lots/categories/3')).toEqual({
      urlMagicLink: 'gala',
      lotId: null,
      locale: 'fr',
    });
    expect(auctionPageOf('/encans/gala/lots/12')).toEqual({ urlMagicLink: 'gala', lotId: 12, locale: 'fr' });
    expect(auctionPageOf('/en/auctions/gala/items/12')).toEqual({ urlMagicLink: 'gala', lotId: 12, locale: 'en' });
    expect(auctionPageOf('/auctions/gala/items')).toEqual({ urlMagicLink: 'gala', lotId: null, locale: 'en' });
  });

  it('is nothing on other pages or with a lot id out of range', () => {
    for (const path of [
      '/',
      '/en',
      '/profil',
      '/encans/gala/favoris',
      '/encans/gala/lots/0',
      '/encans/gala/lots/99999999999',
      '/encans/%E0%A4%A/lots',
    ]) {
      expect(auctionPageOf(path)).toBeNull();
    }
  });
});

describe('the page with its first data', () => {
  const template =
    '<!doctype html><html lang="fr"><head><title>t</title></head><body><div id="root"></div></body></html>';

  it('carries the answers as data no text can break out of, in the page language', () => {
    const html = pageWithFirstData(template, 'en', { auction: { name: '</script><script>alert(1)</script>' }, at: 1 });
    expect(html).toContain('<html lang="en"');
    expect(html).not.toContain('</script><script>');
    const block = /<script type="application\/json" id="first-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block ?? '')).toEqual({ auction: { name: '</script><script>alert(1)</script>' }, at: 1 });
  });

  it("preloads a lot page's chunks and first photo, never an address that could leave its attribute", () => {
    const html = pageWithFirstData(
      template,
      'fr',
      { at: 1 },
      { modules: ['/assets/LotDetailPage-1.js', '/x" onload="alert(1)'], image: '/media/a.webp' },
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/LotDetailPage-1.js">');
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/a.webp">');
    expect(html).not.toContain('onload');
    expect(
      firstPhotoOf({
        photos: [
          { order: 2, fullPath_Large: '/b' },
          { order: 1, fullPath_Large: '/a' },
        ],
      }),
    ).toBe('/a');
    expect(firstPhotoOf({ photos: [] })).toBeUndefined();
  });
});
