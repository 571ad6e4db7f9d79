// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuctionPhoto } from '../../src/auctions/types.ts';
import en from '../../src/i18n/en.json';
import { LeaderboardBanners, leaderboardBanners } from '../../src/leaderboard/LeaderboardBanners.tsx';

function photo(id: number, overrides: Partial<AuctionPhoto> = {}): AuctionPhoto {
  return {
    id,
    order: id,
    fullPath: `/photos/${id}.jpg`,
    interval: 4000,
    bannerType: 'image',
    videoUrl: null,
    additionalLinkUrl: null,
    isUsedInFrench: true,
    isUsedInEnglish: true,
    isUsedOnMobile: true,
    isUsedOnComputer: true,
    isUsedAsBackgroundImage: false,
    isVideoAlwaysOnTop: false,
    isUsedAsBannerInLeaderboard: true,
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('leaderboard banners', () => {
  it('keeps the photos flagged for the leaderboard in the page language, in order', () => {
    const photos = [
      photo(1, { order: 3 }),
      photo(2, { isUsedAsBannerInLeaderboard: false }),
      photo(3, { order: 1, isUsedInEnglish: false }),
      photo(4, { order: 2 }),
      photo(5, { order: 4, isUsedAsBannerInLeaderboard: undefined }),
    ];
    expect(leaderboardBanners(photos, 'en').map((p) => p.id)).toEqual([4, 1]);
    expect(leaderboardBanners(photos, 'fr').map((p) => p.id)).toEqual([3, 4, 1]);
    expect(leaderboardBanners(undefined, 'fr')).toEqual([]);
  });

  it('shows each banner for its own interval, can be paused, and shows nothing without banners', () => {
    vi.useFakeTimers();
    const view = render(
      <IntlProvider locale="en-CA" messages={en}>
        <LeaderboardBanners photos={[photo(1, { interval: 3000 }), photo(2, { interval: 3000 })]} locale="en" />
      </IntlProvider>,
    );
    const image = () => view.container.querySelector('img')?.getAttribute('src');
    expect(screen.getByRole('region', { name: 'Leaderboard banner' })).toBeTruthy();
    expect(image()).toBe('/photos/1.jpg');
    act(() => vi.advanceTimersByTime(3000));
    expect(image()).toBe('/photos/2.jpg');
    act(() => vi.advanceTimersByTime(3000));
    expect(image()).toBe('/photos/1.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the banner' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(image()).toBe('/photos/1.jpg');
    expect(screen.getByRole('button', { name: 'Play the banner' })).toBeTruthy();

    view.rerender(
      <IntlProvider locale="en-CA" messages={en}>
        <LeaderboardBanners photos={[photo(1, { isUsedAsBannerInLeaderboard: false })]} locale="en" />
      </IntlProvider>,
    );
    expect(view.container.innerHTML).toBe('');
  });
});
