// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CarouselAuction, clampStart, slidesPerView } from '../../src/auctions/carousel.ts';
import { OtherAuctionsCarousel } from '../../src/auctions/OtherAuctionsCarousel.tsx';
import { carouselRefreshEvents } from '../../src/live/liveMessages.ts';
import { Toaster } from '../../src/live/toasts.tsx';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

function card(id: number, overrides: Partial<CarouselAuction> = {}): CarouselAuction {
  return {
    id,
    urlMagicLink: `gala-${id}`,
    status: 3,
    titleShort: `Gala ${id}`,
    organizationId: 1,
    organizationName: 'Fondation Lumière',
    dateOpen: '2026-03-01T17:00:00Z',
    dateCompleted: '2026-03-08T01:00:00Z',
    banner: `/banners/${id}.jpg`,
    primaryColor: null,
    ...overrides,
  };
}

/** jsdom has no layout: the media queries answer as a screen this wide would. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/(\d+)rem/.exec(query)?.[1] ?? 0) * 16,
    addEventListener() {},
    removeEventListener() {},
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('carousel rules (spec 001 §9)', () => {
  it('shows 3 cards from 1280 px, 2 from 960 to 1279, 1 on phones', () => {
    expect(slidesPerView(1920)).toBe(3);
    expect(slidesPerView(1280)).toBe(3);
    expect(slidesPerView(1279)).toBe(2);
    expect(slidesPerView(960)).toBe(2);
    expect(slidesPerView(959)).toBe(1);
    expect(slidesPerView(375)).toBe(1);
  });

  it('is not infinite: the first card shown stops at both ends', () => {
    expect(clampStart(-1, 5, 3)).toBe(0);
    expect(clampStart(3, 5, 3)).toBe(2);
    expect(clampStart(9, 2, 3)).toBe(0);
  });

  it('refreshes on a lot closing or its end moving (spec 001 §7)', () => {
    expect([...carouselRefreshEvents].sort()).toEqual(['AuctionLotItemClose', 'AuctionLotItemEndDateChanged']);
  });
});

describe('OtherAuctionsCarousel', () => {
  it('shows the other auctions, moves one card with the buttons and the arrow keys, and stops at the ends', async () => {
    screenWidth(1280);
    const api = stubFetch({ '/api/auctions/carousel/7': json([1, 2, 3, 4].map((id) => card(id))) });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <OtherAuctionsCarousel auctionId={7} />);

    const region = await screen.findByRole('region', { name: 'Other auctions' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(api.urls).toEqual(['/api/auctions/carousel/7']);
    const link = screen.getByRole('link', { name: 'Gala 1' });
    expect(link.getAttribute('href')).toBe('/en/auctions/gala-1');
    const slides = () => region.querySelectorAll('li');
    const shown = () => [...slides()].map((slide) => !slide.hasAttribute('inert'));
    expect(shown()).toEqual([true, true, true, false]);
    expect(slides()[0]?.getAttribute('aria-label')).toBe('1 of 4');
    expect(screen.getByText('Auctions 1 to 3 of 4')).toBeTruthy();

    const previous = screen.getByRole('button', { name: 'Previous auctions' });
    const next = screen.getByRole('button', { name: 'Next auctions' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(shown()).toEqual([false, true, true, true]);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(shown()).toEqual([false, true, true, true]);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(shown()).toEqual([true, true, true, false]);
    const track = region.querySelector('ul') as HTMLElement;
    expect(track.style.transform).toBe('translateX(0%)');
    fireEvent.keyDown(link, { key: 'ArrowRight' });
    expect(track.style.transform).toBe('translateX(-33.333333333333336%)');
  });

  it('shows one card at a time on a phone, with the title in the page language', async () => {
    screenWidth(375);
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/auctions/carousel/7': json([card(1), card(2, { titleShort: 'no-translations' })]) }).fetch,
    );
    renderInApp(() => <OtherAuctionsCarousel auctionId={7} />, 'fr');
    const region = await screen.findByRole('region', { name: 'Autres encans' });
    expect(screen.getByRole('link', { name: 'Gala 1' }).getAttribute('href')).toBe('/encans/gala-1');
    expect([...region.querySelectorAll('li')].map((slide) => slide.hasAttribute('inert'))).toEqual([false, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Encans suivants' }));
    expect(screen.getByText('Encans 2 à 2 sur 2')).toBeTruthy();
  });

  it('leaves a banner that cannot be loaded as the plain box, not a broken picture', async () => {
    screenWidth(1280);
    vi.stubGlobal('fetch', stubFetch({ '/api/auctions/carousel/7': json([card(1), card(2)]) }).fetch);
    renderInApp(() => <OtherAuctionsCarousel auctionId={7} />);
    const region = await screen.findByRole('region', { name: 'Other auctions' });
    const [broken, fine] = [...region.querySelectorAll('img')];
    fireEvent.error(broken as HTMLImageElement);
    expect([broken?.style.visibility, fine?.style.visibility]).toEqual(['hidden', '']);
  });

  it('shows nothing, and no error, when the load fails or the list is empty', async () => {
    screenWidth(1280);
    const api = stubFetch({
      '/api/auctions/carousel/7': json({ message: 'auction_not_found' }, 404),
      '/api/auctions/carousel/8': json([]),
    });
    vi.stubGlobal('fetch', api.fetch);
    const failed = renderInApp(() => (
      <>
        <OtherAuctionsCarousel auctionId={7} />
        <Toaster />
      </>
    ));
    await waitFor(() => expect(api.urls).toContain('/api/auctions/carousel/7'));
    await act(async () => {});
    expect(failed.container.querySelector('.other-auctions')).toBeNull();
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
    cleanup();
    const empty = renderInApp(() => <OtherAuctionsCarousel auctionId={8} />);
    await waitFor(() => expect(api.urls).toContain('/api/auctions/carousel/8'));
    await act(async () => {});
    expect(empty.container.querySelector('.other-auctions')).toBeNull();
  });
});
