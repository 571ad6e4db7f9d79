import { describe, expect, it } from 'vitest';
import { detectLocale, matchPath, pathFor, rootPath, switchLocalePath } from '../../src/i18n/routes.ts';

describe('pathFor', () => {
  it('puts French unprefixed and English under /en', () => {
    expect(pathFor('home', {}, 'fr')).toBe('/');
    expect(pathFor('home', {}, 'en')).toBe('/en');
    expect(pathFor('auctionHome', { urlMagicLink: 'gala2026' }, 'fr')).toBe('/encans/gala2026');
    expect(pathFor('auctionHome', { urlMagicLink: 'gala2026' }, 'en')).toBe('/en/auctions/gala2026');
  });

  it('escapes parameters so they stay one segment', () => {
    expect(pathFor('auctionHome', { urlMagicLink: 'a/b c' }, 'fr')).toBe('/encans/a%2Fb%20c');
  });

  it('gives each language its root', () => {
    expect(rootPath('fr')).toBe('/');
    expect(rootPath('en')).toBe('/en');
  });
});

describe('matchPath', () => {
  it.each([
    ['/', { name: 'home', params: {}, locale: 'fr' }],
    ['/en', { name: 'home', params: {}, locale: 'en' }],
    ['/en/', { name: 'home', params: {}, locale: 'en' }],
    ['/encans/gala', { name: 'auctionHome', params: { urlMagicLink: 'gala' }, locale: 'fr' }],
    ['/en/auctions/gala', { name: 'auctionHome', params: { urlMagicLink: 'gala' }, locale: 'en' }],
    ['/auctions/gala', { name: 'auctionHome', params: { urlMagicLink: 'gala' }, locale: 'en' }],
    ['/EN/Auctions/Gala', { name: 'auctionHome', params: { urlMagicLink: 'Gala' }, locale: 'en' }],
  ])('reads %s', (pathname, expected) => {
    expect(matchPath(pathname)).toEqual(expected);
  });

  it('decodes parameters and survives a malformed escape', () => {
    expect(matchPath('/encans/a%2Fb%20c')?.params).toEqual({ urlMagicLink: 'a/b c' });
    expect(matchPath('/encans/100%')?.params).toEqual({ urlMagicLink: '100%' });
  });

  it.each([
    ['/encans/gala/lots', 'lotList', 'fr'],
    ['/en/auctions/gala/items/categories/3', 'lotListByCategory', 'en'],
    ['/encans/gala/lots/42', 'lotDetail', 'fr'],
    ['/auctions/gala/your-favorites', 'favorites', 'en'],
    ['/encans/gala/gagnant', 'winners', 'fr'],
    ['/encans/gala/gagnants', 'winners', 'fr'],
    ['/en/auctions/gala/planification', 'planning', 'en'],
    ['/encans/gala/onglets/reglements', 'auctionTab', 'fr'],
    ['/connexion', 'login', 'fr'],
    ['/login', 'login', 'en'],
    ['/embarquement/abc', 'onboarding', 'fr'],
    ['/password-code-recovery', 'passwordCodeRecovery', 'en'],
    ['/reinitialiser-mot-de-passe/a%40b.ca', 'resetPassword', 'fr'],
    ['/profil/notifications', 'notifications', 'fr'],
    ['/en/unsubscribe', 'unsubscribe', 'en'],
    ['/acces-refuse', 'accessDenied', 'fr'],
  ])('knows the screen of %s', (pathname, name, locale) => {
    expect(matchPath(pathname)).toMatchObject({ name, locale });
  });

  it.each(['/encans', '/encans/gala/extra', '/en/encans/gala', '/nowhere'])('does not know %s', (pathname) => {
    expect(matchPath(pathname)).toBeUndefined();
  });
});

describe('detectLocale', () => {
  it.each([
    ['/', 'fr'],
    ['/encans/gala', 'fr'],
    ['/en', 'en'],
    ['/en/auctions/gala', 'en'],
    ['/auctions/gala', 'en'],
    ['/en/not-a-screen', 'en'],
  ])('reads %s as %s', (pathname, locale) => {
    expect(detectLocale(pathname)).toBe(locale);
  });

  it('names no language for an unknown unprefixed path', () => {
    expect(detectLocale('/nowhere')).toBeUndefined();
    expect(detectLocale('/english')).toBeUndefined();
  });
});

describe('switchLocalePath', () => {
  it('rewrites the current screen into the other language', () => {
    expect(switchLocalePath('/', 'en')).toBe('/en');
    expect(switchLocalePath('/en', 'fr')).toBe('/');
    expect(switchLocalePath('/encans/gala', 'en')).toBe('/en/auctions/gala');
    expect(switchLocalePath('/en/auctions/gala', 'fr')).toBe('/encans/gala');
    expect(switchLocalePath('/auctions/gala', 'fr')).toBe('/encans/gala');
  });

  it('rewrites every kind of screen, keeping its parameters', () => {
    expect(switchLocalePath('/encans/gala/lots/42', 'en')).toBe('/en/auctions/gala/items/42');
    expect(switchLocalePath('/en/auctions/gala/your-favorites', 'fr')).toBe('/encans/gala/favoris');
    expect(switchLocalePath('/encans/gala/gagnant', 'en')).toBe('/en/auctions/gala/winners');
    expect(switchLocalePath('/login', 'fr')).toBe('/connexion');
    expect(switchLocalePath('/reinitialiser-mot-de-passe/a%40b.ca', 'en')).toBe('/en/reset-password/a%40b.ca');
    expect(switchLocalePath('/profil/notifications', 'en')).toBe('/en/profile/notifications');
  });

  it('keeps an escaped parameter escaped', () => {
    expect(switchLocalePath('/encans/a%2Fb', 'en')).toBe('/en/auctions/a%2Fb');
  });

  it('falls back to the target root for an unknown path', () => {
    expect(switchLocalePath('/nowhere', 'en')).toBe('/en');
    expect(switchLocalePath('/en/nowhere', 'fr')).toBe('/');
  });
});
