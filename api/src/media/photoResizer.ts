import sharp from 'sharp';
import { HttpError } from '../errors.ts';
import { isAcceptedFormat, MAX_PHOTO_PIXELS, PHOTO_WIDTHS, type PhotoSize } from './photoRules.ts';

/**
 * One uploaded image in the two sizes the bidder pages show, as WebP. Turned upright by its EXIF
 * orientation first, then written without any metadata (a phone's GPS position stays with the phone).
 * Anything the library cannot decode, or decodes to another format than a photo's, is refused.
 */
export async function resizePhoto(bytes: Buffer): Promise<Record<PhotoSize, Buffer>> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const };
  const metadata = await sharp(bytes, options)
    .metadata()
    .catch(() => null);
  if (!metadata || !isAcceptedFormat(metadata.format)) throw new HttpError(415, 'photo_not_an_image');
  const resize = (width: number) =>
    sharp(bytes, options).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  try {
    const [large, medium] = await Promise.all([resize(PHOTO_WIDTHS.large), resize(PHOTO_WIDTHS.medium)]);
    return { large, medium };
  } catch {
    // Headers that read well over a body that does not decode (a truncated or forged file).
    throw new HttpError(415, 'photo_not_an_image');
  }
}
