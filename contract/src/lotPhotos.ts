import { z } from 'zod';
import { errorAnswers, fileAnswer } from './common.ts';

/**
 * Lot photo upload (docs/operator-api.md "Lot photos"): `POST /api/admin/lots/{id}/photos` takes one
 * image as the request body (its content type image/jpeg, image/png, image/webp, image/gif,
 * image/avif, image/tiff or application/octet-stream) and answers the photo it appended to the lot.
 * A client sends several photos as several requests. Reordering and removing photos is the lot's
 * edit (`PATCH /api/admin/lots/{id}` with `photos`).
 */

/** Message keys of a refused upload. */
export const PhotoRefusal = {
  NotAnImage: 'photo_not_an_image',
  TooLarge: 'photo_too_large',
  TooMany: 'too_many_photos',
  /** An auction's banners, by file or by address, are capped apart from a lot's photos. */
  TooManyBanners: 'too_many_banners',
} as const;

/** The photo appended: its two sizes' stable addresses and its place among the lot's photos. */
export const uploadedPhoto = z.object({
  fullPathLarge: z.string(),
  fullPathMedium: z.string(),
  order: z.number(),
});

/** A stored photo's file, as `GET /api/media/lot-photos/{name}` serves it. */
export const mediaParams = z.object({
  name: z
    .string()
    .max(100)
    .regex(/^[0-9a-f-]{36}-(large|medium)\.webp$/, 'item_not_found'),
});

export const mediaAnswers = { 200: fileAnswer, ...errorAnswers(404) };

export const uploadAnswers = { 201: uploadedPhoto, ...errorAnswers(401, 403, 404, 409, 413, 415) };

/**
 * A banner photo uploaded (`POST /api/admin/auctions/{id}/photos/upload`): the same body and
 * refusals as a lot photo's, one size wide enough for the header's carousel, appended after the
 * auction's banner photos with the flags a new banner has (every language and screen).
 */
export const uploadedBanner = z.object({ id: z.number(), fullPath: z.string(), order: z.number() });
export const bannerUploadAnswers = { 201: uploadedBanner, ...errorAnswers(401, 403, 404, 409, 413, 415) };

/** A stored banner's file, as `GET /api/media/banners/{name}` serves it. */
export const bannerMediaParams = z.object({
  name: z
    .string()
    .max(100)
    .regex(/^[0-9a-f-]{36}-banner\.webp$/, 'item_not_found'),
});

export type UploadedPhoto = z.infer<typeof uploadedPhoto>;
export type UploadedBanner = z.infer<typeof uploadedBanner>;
