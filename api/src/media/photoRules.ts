import { operator } from '@auction/contract';

/**
 * The rules of an uploaded lot photo (docs/operator-api.md "Lot photos"): what is accepted, how big,
 * and the two sizes the bidder pages show (spec 001 §3 `fullPath_Large`, `fullPath_Medium`).
 */

/** A phone's full-resolution photo fits; anything larger is refused before it is decoded. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

/** A decompression bomb (a small file that decodes to a huge bitmap) is refused above this. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** Widths in pixels: large for the lot page's main photo, medium for the lot cards and thumbnails. */
export const PHOTO_WIDTHS = { large: 1600, medium: 600 } as const;
export type PhotoSize = keyof typeof PHOTO_WIDTHS;

/** An auction's banner (the header's carousel, spec 001 §3 auction photo): one size, a wide screen's. */
export const BANNER_WIDTHS = { banner: 1920 } as const;

/** As many banner photos as an auction's header carousel sensibly turns through. */
export const MAX_BANNERS_PER_AUCTION = 30;

/** The formats the image library decodes and browsers show; anything else is not a photo here. */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const;

/** Content types the upload takes; the bytes are checked anyway (a type is only a claim). */
export const UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
  'application/octet-stream',
];

export function isAcceptedFormat(format: string | undefined): boolean {
  return format !== undefined && (ACCEPTED_FORMATS as readonly string[]).includes(format);
}

/** The stable address the API serves a stored photo under, whatever the storage. */
export function photoUrl(fileName: string): string {
  return `/api/media/lot-photos/${fileName}`;
}

/** The stable address of a stored banner photo. */
export function bannerUrl(fileName: string): string {
  return `/api/media/banners/${fileName}`;
}

/**
 * The order a new photo takes: after every photo the lot (or the auction's carousel) has. From
 * MAX_PHOTO_ORDER on (a photo given that order, or a larger one stored before the cap) it takes the
 * last photo's order instead of counting on towards the column's limit: the photos are read by
 * order, then id, so the newer one still comes after it.
 */
export function nextPhotoOrder(orders: readonly number[]): number {
  if (orders.length === 0) return 0;
  const last = Math.max(...orders);
  return last >= operator.MAX_PHOTO_ORDER ? last : last + 1;
}
