import type { AuctionStatus } from './types.ts';

/** One card of GET /api/auctions/carousel/{id} (docs/donations.md, "Carousel"). */
export interface CarouselAuction {
  id: number;
  urlMagicLink: string;
  status: AuctionStatus;
  /** In the request's language; 'no-translations' when the auction has no title. */
  titleShort: string;
  organizationId: number;
  organizationName: string;
  dateOpen: string | null;
  dateCompleted: string | null;
  banner: string | null;
  primaryColor: string | null;
}

/**
 * Spec 001 §9: 3 cards at 1280 px and up, 2 from 960 to 1279, 1 below. Widest first; the media
 * queries are in rem so they follow the reader's font size as the app's other breakpoints do.
 */
export const slidesByWidth = [
  { minWidth: 1280, query: '(min-width: 80rem)', slides: 3 },
  { minWidth: 960, query: '(min-width: 60rem)', slides: 2 },
] as const;

export function slidesPerView(width: number): number {
  return slidesByWidth.find((step) => width >= step.minWidth)?.slides ?? 1;
}

/** Spec 001 §9: the carousel is not infinite, so its first visible card stops at both ends. */
export function clampStart(start: number, count: number, perView: number): number {
  return Math.min(Math.max(0, start), Math.max(0, count - perView));
}
