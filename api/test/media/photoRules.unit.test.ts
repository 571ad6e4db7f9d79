import { photoFileName } from '@auction/platform/media';
import { describe, expect, it } from 'vitest';
import { bannerUrl, isAcceptedFormat, nextPhotoOrder, photoUrl } from '../../src/media/photoRules.ts';

describe('lot photo rules', () => {
  it('places a new photo after every photo the lot has, gaps included', () => {
    expect(nextPhotoOrder([])).toBe(0);
    expect(nextPhotoOrder([0, 1, 2])).toBe(3);
    expect(nextPhotoOrder([5, 2])).toBe(6);
  });

  it('serves a stored file at a stable address of its kind', () => {
    const id = '0b5f3c1e-6a77-4d4c-9a55-0f1f5c4f4a10';
    expect(photoUrl(photoFileName(id, 'medium'))).toBe(`/api/media/lot-photos/${id}-medium.webp`);
    expect(bannerUrl(photoFileName(id, 'banner'))).toBe(`/api/media/banners/${id}-banner.webp`);
  });

  it('accepts the photo formats browsers show, and not vector or unknown ones', () => {
    expect(isAcceptedFormat('jpeg')).toBe(true);
    expect(isAcceptedFormat('png')).toBe(true);
    expect(isAcceptedFormat('svg')).toBe(false);
    expect(isAcceptedFormat('pdf')).toBe(false);
    expect(isAcceptedFormat(undefined)).toBe(false);
  });
});
