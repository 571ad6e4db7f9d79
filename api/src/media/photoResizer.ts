import sharp from 'sharp';
import { HttpError } from '../errors.ts';
import { isAcceptedFormat, MAX_PHOTO_PIXELS, PHOTO_WIDTHS } from './photoRules.ts';

/**
 * One uploaded image in each of the given widths (by default the lot photo's two sizes), as WebP,
 * never enlarged. Turned upright by its EXIF orientation first, then written without any metadata
 * (a phone's GPS position stays with the phone). Anything the library cannot decode, or decodes to
 * another format than a photo's, is refused.
 */
export async function resizePhoto<const Size extends string = keyof typeof PHOTO_WIDTHS>(
  bytes: Buffer,
  widths: Record<Size, number> = PHOTO_WIDTHS as Record<Size, number>,
): Promise<Record<Size, Buffer>> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const };
  const metadata = await sharp(bytes, options)
    .metadata()
    .catch(() => null);
  if (!metadata || !isAcceptedFormat(metadata.format)) throw new HttpError(415, 'photo_not_an_image');
  const resize = (width: number) =>
    sharp(bytes, options).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  try {
    const sizes = Object.entries(widths) as Array<[Size, number]>;
    const files = await Promise.all(sizes.map(([, width]) => resize(width)));
    return Object.fromEntries(sizes.map(([size], i) => [size, files[i]])) as Record<Size, Buffer>;
  } catch {
    // Headers that read well over a body that does not decode (a truncated or forged file).
    throw new HttpError(415, 'photo_not_an_image');
  }
}
