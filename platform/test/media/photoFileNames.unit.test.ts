import { describe, expect, it } from 'vitest';
import { PHOTO_FILE_NAME, photoFileName, photoFileNamesIn } from '../../src/media/index.ts';

const ID = '0b5f3c1e-6a77-4d4c-9a55-0f1f5c4f4a10';

describe('stored photo file names', () => {
  it('names stored files by id and size only, and recognises nothing else', () => {
    for (const size of ['large', 'medium', 'banner'] as const) expect(photoFileName(ID, size)).toMatch(PHOTO_FILE_NAME);
    for (const attempt of ['../../etc/passwd', 'x-large.webp', `${'0'.repeat(36)}-large.png`, `${ID}-small.webp`]) {
      expect(attempt).not.toMatch(PHOTO_FILE_NAME);
    }
  });

  it('finds the names an address holds, however it is written', () => {
    expect(photoFileNamesIn(`/api/media/lot-photos/${ID}-large.webp`)).toEqual([`${ID}-large.webp`]);
    expect(photoFileNamesIn(`https://auctions.example/api/media/banners/${ID}-banner.webp?v=2`)).toEqual([
      `${ID}-banner.webp`,
    ]);
    expect(photoFileNamesIn(`<a href="/api/media/lot-photos/${ID}-medium.webp">the photo</a>`)).toEqual([
      `${ID}-medium.webp`,
    ]);
    expect(photoFileNamesIn('/demo/gala.jpg')).toEqual([]);
  });
});
