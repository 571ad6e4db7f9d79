import { describe, expect, it } from 'vitest';
import {
  isAcceptedFormat,
  nextPhotoOrder,
  PHOTO_FILE_NAME,
  photoFileName,
  photoUrl,
} from '../../src/media/photoRules.ts';

describe('lot photo rules', () => {
  it('places a new photo after every photo the lot has, gaps included', () => {
    expect(nextPhotoOrder([])).toBe(0);
    expect(nextPhotoOrder([0, 1, 2])).toBe(3);
    expect(nextPhotoOrder([5, 2])).toBe(6);
  });

  it('names stored files by id and size only, and serves nothing else', () => {
    const name = photoFileName('0b5f3c1e-6a77-4d4c-9a55-0f1f5c4f4a10', 'medium');
    expect(name).toMatch(PHOTO_FILE_NAME);
    expect(photoUrl(name)).toBe(`/api/media/lot-photos/${name}`);
    for (const attempt of ['../../etc/passwd', 'x-large.webp', `${'0'.repeat(36)}-large.png`]) {
      expect(attempt).not.toMatch(PHOTO_FILE_NAME);
    }
  });

  it('accepts the photo formats browsers show, and not vector or unknown ones', () => {
    expect(isAcceptedFormat('jpeg')).toBe(true);
    expect(isAcceptedFormat('png')).toBe(true);
    expect(isAcceptedFormat('svg')).toBe(false);
    expect(isAcceptedFormat('pdf')).toBe(false);
    expect(isAcceptedFormat(undefined)).toBe(false);
  });
});
