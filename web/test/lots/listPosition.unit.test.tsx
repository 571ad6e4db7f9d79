// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  claimRestore,
  forgetClaim,
  listPositionKey,
  nextPage,
  pagesLoaded,
  readListPosition,
  restoredFirstPage,
  writeListPosition,
} from '../../src/lots/listPosition.ts';
import { emptyFilters } from '../../src/lots/queries.ts';
import { useRestoredLotPages } from '../../src/lots/useRestoredLotPages.ts';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

function navigationType(type: NavigationTimingType) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
}

beforeEach(() => {
  sessionStorage.clear();
  forgetClaim();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('list position (spec 001 §2, §7 refresh variant)', () => {
  it('is kept per auction and filter state, whatever the order filters were picked in', () => {
    const key = listPositionKey('Gala', { ...emptyFilters, teamIds: [3, 1] });
    expect(listPositionKey('gala', { ...emptyFilters, teamIds: [1, 3] })).toBe(key);
    expect(listPositionKey('gala', emptyFilters)).not.toBe(key);
    expect(listPositionKey('other', { ...emptyFilters, teamIds: [1, 3] })).not.toBe(key);
    expect(listPositionKey('gala', { ...emptyFilters, categoryId: 4 })).not.toBe(listPositionKey('gala', emptyFilters));
  });

  it('reads back what was written and ignores anything else', () => {
    writeListPosition('k', { pages: 3, scrollY: 1234.6 });
    expect(readListPosition('k')).toEqual({ pages: 3, scrollY: 1235 });
    expect(readListPosition('missing')).toBeUndefined();
    for (const bad of ['not json', '{"pages":0,"scrollY":5}', '{"pages":2}', '{"pages":1.5,"scrollY":3}']) {
      sessionStorage.setItem('bad', bad);
      expect(readListPosition('bad')).toBeUndefined();
    }
  });

  it('asks pageSize × pages as one page, within the API’s 200, then goes on in ordinary pages', () => {
    expect(restoredFirstPage(3, 6)).toEqual({ page: 1, pageSize: 18 });
    expect(restoredFirstPage(0, 6)).toEqual({ page: 1, pageSize: 6 });
    expect(restoredFirstPage(33, 6)).toEqual({ page: 1, pageSize: 198 });
    expect(pagesLoaded({ currentPage: 1, pageSize: 198 }, 6)).toBe(33);
    expect(nextPage({ currentPage: 1, pageSize: 18, count: 40 }, 6)).toEqual({ page: 4, pageSize: 6 });
    expect(nextPage({ currentPage: 4, pageSize: 6, count: 40 }, 6)).toEqual({ page: 5, pageSize: 6 });
    expect(nextPage({ currentPage: 1, pageSize: 18, count: 18 }, 6)).toBeUndefined();
    expect(pagesLoaded({ currentPage: 1, pageSize: 18 }, 6)).toBe(3);
    expect(pagesLoaded({ currentPage: 5, pageSize: 6 }, 6)).toBe(5);
  });

  it('brings a list longer than the API’s largest page back in pages of that size, then in ordinary pages', () => {
    // 80 pages of 6 saved, of a list of 1,000 lots: 480 lots in 198, 198 and 198, then page 100 of 6.
    const first = restoredFirstPage(80, 6);
    expect(first).toEqual({ page: 1, pageSize: 198, restoring: 80 });
    const second = nextPage({ currentPage: 1, pageSize: 198, count: 1000 }, 6, first);
    expect(second).toEqual({ page: 2, pageSize: 198, restoring: 80 });
    const third = nextPage({ currentPage: 2, pageSize: 198, count: 1000 }, 6, second);
    expect(third).toEqual({ page: 3, pageSize: 198, restoring: 80 });
    expect(nextPage({ currentPage: 3, pageSize: 198, count: 1000 }, 6, third)).toEqual({ page: 100, pageSize: 6 });
    // A list that became shorter ends the restore where it ends.
    expect(nextPage({ currentPage: 2, pageSize: 198, count: 300 }, 6, second)).toBeUndefined();
  });

  it('restores only in the first list of a reloaded (or history-restored) document', () => {
    navigationType('navigate');
    expect(claimRestore('a')).toBe(false);
    forgetClaim();
    navigationType('reload');
    expect(claimRestore('a')).toBe(true);
    expect(claimRestore('a')).toBe(true);
    expect(claimRestore('b')).toBe(false);
    forgetClaim();
    navigationType('back_forward');
    expect(claimRestore('b')).toBe(true);
  });
});

function page(currentPage: number, pageSize: number, count: number) {
  const first = (currentPage - 1) * pageSize;
  const items = Array.from({ length: Math.max(0, Math.min(pageSize, count - first)) }, (_, i) => ({
    id: first + i + 1,
  }));
  return { count, currentPage, pageSize, items };
}

function Lots() {
  const pages = useRestoredLotPages('Gala', emptyFilters);
  const lots = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return <p>{lots.length ? `${lots.length} lots` : 'loading'}</p>;
}

describe('useRestoredLotPages', () => {
  function stubLotsApi(count = 40) {
    const api = stubFetch({
      '/api/auction-lot-items': () => {
        const query = new URL(api.urls.at(-1) as string, 'http://app').searchParams;
        return json(page(Number(query.get('currentPage')), Number(query.get('pageSize')), count))();
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    return api;
  }

  it('after a reload asks the saved pages as one page, then scrolls back to the saved offset', async () => {
    navigationType('reload');
    writeListPosition(listPositionKey('gala', emptyFilters), { pages: 3, scrollY: 900 });
    const scrollTo = vi.fn((_x: number, y: number) => Object.assign(window, { scrollY: y }));
    vi.stubGlobal('scrollTo', scrollTo);
    const api = stubLotsApi();
    renderInApp(Lots);
    await screen.findByText('18 lots');
    expect(api.urls).toHaveLength(1);
    expect(api.urls[0]).toContain('currentPage=1&pageSize=18');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 900));
  });

  it('after a reload far down a long list asks the API’s largest pages one after another, then scrolls back', async () => {
    navigationType('reload');
    writeListPosition(listPositionKey('gala', emptyFilters), { pages: 50, scrollY: 24_000 });
    const scrollTo = vi.fn((_x: number, y: number) => Object.assign(window, { scrollY: y }));
    vi.stubGlobal('scrollTo', scrollTo);
    const api = stubLotsApi(320);
    renderInApp(Lots);
    await screen.findByText('320 lots');
    expect(api.urls.map((url) => new URL(url, 'http://app').searchParams.toString())).toEqual([
      expect.stringContaining('currentPage=1&pageSize=198'),
      expect.stringContaining('currentPage=2&pageSize=198'),
    ]);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 24_000));
  });

  it('on an ordinary visit asks one page and saves the position as the user scrolls', async () => {
    navigationType('navigate');
    writeListPosition(listPositionKey('gala', emptyFilters), { pages: 3, scrollY: 900 });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const api = stubLotsApi();
    renderInApp(Lots);
    await screen.findByText('6 lots');
    expect(api.urls[0]).toContain('currentPage=1&pageSize=6');
    Object.assign(window, { scrollY: 420 });
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(readListPosition(listPositionKey('gala', emptyFilters))).toEqual({ pages: 1, scrollY: 420 });
    expect(scrollTo).not.toHaveBeenCalledWith(0, 900);
  });
});
