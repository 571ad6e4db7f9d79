import { describe, expect, it } from 'vitest';
import {
  auctionPageOf,
  firstPhotoOf,
  firstPictures,
  firstScreenMarkup,
  pageWithFirstData,
} from '../../src/webApp/firstScreen.ts';

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
    '<!doctype html><html lang="fr"><head><title>t</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/messages-1.js"></head><body><div id="root"></div></body></html>';

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
      { modules: ['/assets/LotDetailPage-1.js', '/x" onload="alert(1)'], pictures: [{ src: '/media/a.webp' }] },
    );
    // Named for the start script, which asks for it once the first screen is painted.
    expect(html).toContain('<link rel="app-module" href="/assets/LotDetailPage-1.js">');
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
  it('asks for the picture before anything else', () => {
    const html = pageWithFirstData(template, 'en', { at: 1 }, { pictures: [{ src: '/media/a.webp' }] });
    expect(html.indexOf('href="/media/a.webp"')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.indexOf('href="/media/a.webp"')).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
  });
});

describe("an auction page's first screen, before the app runs", () => {
  const text = { login: 'Log in', languageSwitch: 'Français' };
  const photo = (fullPath: string, computer: boolean) => ({
    fullPath,
    order: computer ? 1 : 2,
    isUsedInFrench: true,
    isUsedInEnglish: true,
    isUsedOnComputer: computer,
    isUsedOnMobile: !computer,
    isUsedAsBackgroundImage: false,
    bannerType: 'image',
  });
  const auction = {
    translations: [{ languageCode: 'en', titleShort: 'Gala <img src=x onerror=alert(1)>' }],
    bannerEnglish: null,
    bannerFrench: null,
    photos: [photo('/media/phone.webp', false), photo('/media/computer.webp', true)],
  };

  it("draws the header and the banner of the page's language, the computer's through <picture>, text escaped", () => {
    const html = firstScreenMarkup({ urlMagicLink: 'gala', lotId: null, locale: 'en' }, auction, undefined, text);
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('Gala &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<source media="(min-width: 48rem)" srcset="/media/computer.webp">');
    expect(html).toContain(
      'class="auction-banner__image" alt="" fetchpriority="high" decoding="sync" src="/media/phone.webp"',
    );
    expect(html).toContain('<span class="header-button">Log in</span>');
    expect(firstPictures({ urlMagicLink: 'gala', lotId: null, locale: 'en' }, auction, undefined)).toEqual([
      { src: '/media/phone.webp', media: 'not all and (min-width: 48rem)' },
      { src: '/media/computer.webp', media: '(min-width: 48rem)' },
    ]);
  });

  it("draws a lot page's first photo, and nothing without the auction or with an address it cannot trust", () => {
    const page = { urlMagicLink: 'gala', lotId: 7, locale: 'en' } as const;
    const lot = { photos: [{ order: 1, fullPath_Large: '/media/lot.webp' }] };
    expect(firstScreenMarkup(page, auction, lot, text)).toContain(
      'class="gallery__photo" alt="" fetchpriority="high" decoding="sync" src="/media/lot.webp"',
    );
    expect(firstScreenMarkup(page, undefined, lot, text)).toBe('');
    const risky = { photos: [{ order: 1, fullPath_Large: 'javascript:alert(1)' }] };
    expect(firstScreenMarkup(page, auction, risky, text)).not.toContain('gallery__photo');
  });
});
