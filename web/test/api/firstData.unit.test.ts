// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFirstData } from '../../src/api/firstData.ts';
import { auctionKeys } from '../../src/auctions/queries.ts';
import { lotKeys } from '../../src/lots/queries.ts';
import { auctionFixture } from '../auctionFixture.ts';
import { json, stubFetch } from '../renderInApp.tsx';

// The screens' code, which startFirstData starts loading without waiting: left unloaded here, so
// that no import is still on its way when the file's environment is torn down.
vi.mock('../../src/lots/LotListPage.tsx', () => ({}));
vi.mock('../../src/lots/LotDetailPage.tsx', () => ({}));

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) =>
    link.getAttribute('href'),
  );

async function settle(client: QueryClient) {
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

describe('the first data of an auction screen, started before React', () => {
  it('asks for the auction of a lot list and preloads the banner of the page language', async () => {
    const api = stubFetch({
      '/api/auctions/url-magic-link': json({
        ...auctionFixture({ urlMagicLink: 'gala' }),
        bannerFrench: { fullPath: '/banner-fr.jpg' },
        bannerEnglish: { fullPath: '/banner-en.jpg' },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const client = new QueryClient();
    startFirstData(client, '/en/auctions/gala/items');
    await settle(client);
    expect(api.urls.filter((url) => url.includes('/api/'))).toEqual(['/api/auctions/url-magic-link?urlMagicLink=gala']);
    expect(client.getQueryData(auctionKeys.detail('gala'))).toBeDefined();
    await vi.waitFor(() => expect(preloaded()).toEqual(['/banner-en.jpg']));
  });

  it("asks for a lot page's lot and auction and preloads the lot's first photo", async () => {
    const api = stubFetch({
      '/api/auctions/url-magic-link': json(auctionFixture()),
      '/api/auction-lot-items/7': json({
        id: 7,
        photos: [
          { order: 2, fullPath_Large: '/second.jpg' },
          { order: 1, fullPath_Large: '/first.jpg' },
        ],
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const client = new QueryClient();
    startFirstData(client, '/encans/gala/lots/7');
    await settle(client);
    expect(client.getQueryData(lotKeys.detail(7))).toBeDefined();
    expect(client.getQueryData(auctionKeys.detail('gala'))).toBeDefined();
    await vi.waitFor(() => expect(preloaded()).toEqual(['/first.jpg']));
  });

  it('starts nothing on other screens, and a failed call stays the screen’s to show', async () => {
    const api = stubFetch({});
    vi.stubGlobal('fetch', api.fetch);
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    startFirstData(client, '/profil');
    expect(api.urls).toEqual([]);
    startFirstData(client, '/encans/gala/lots');
    await settle(client);
    expect(preloaded()).toEqual([]);
  });

  it('starts from the answers the server wrote into the page, for an anonymous visitor only', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'first-data';
    const auction = { ...auctionFixture({ urlMagicLink: 'gala' }), bannerFrench: { fullPath: '/banner-fr.jpg' } };
    block.textContent = JSON.stringify({ auction, lot: { id: 7, photos: [] }, at: Date.now() });
    document.body.append(block);
    try {
      const api = stubFetch({});
      vi.stubGlobal('fetch', api.fetch);
      vi.stubGlobal('matchMedia', () => ({ matches: false }));
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
      startFirstData(client, '/encans/gala/lots/7');
      await settle(client);
      // Nothing asked: the auction and the lot come from the page.
      expect(api.urls.filter((url) => url.includes('/api/'))).toEqual([]);
      expect(client.getQueryData(auctionKeys.detail('gala'))).toMatchObject({ urlMagicLink: 'gala' });
      expect(client.getQueryData(lotKeys.detail(7))).toMatchObject({ id: 7 });
      // Read once, then gone from the page.
      expect(document.getElementById('first-data')).toBeNull();

      // Signed in, the answers in the page (an anonymous caller's) are left: the app asks for its own.
      document.body.append(block);
      localStorage.setItem('accessToken', 'token');
      const signedIn = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      startFirstData(signedIn, '/encans/gala/lots/7');
      expect(signedIn.getQueryData(lotKeys.detail(7))).toBeUndefined();
      await settle(signedIn);
      expect(api.urls).toContain('/api/auction-lot-items/7');
    } finally {
      localStorage.removeItem('accessToken');
      block.remove();
    }
  });
});
