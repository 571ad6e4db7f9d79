import { photoFileName, type StoredFile } from '@auction/platform/media';
import { describe, expect, it } from 'vitest';
import { filesToCollect, PHOTO_COLLECTION_GRACE_MS } from '../../src/media/photoCollection.ts';

const NOW = Date.parse('2026-03-14T12:00:00Z');
const HOUR = 60 * 60_000;
const name = (n: number, size: 'large' | 'medium' | 'banner' = 'large') =>
  photoFileName(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, size);
const file = (fileName: string, ageMs: number): StoredFile => ({ name: fileName, lastModified: new Date(NOW - ageMs) });

describe('which stored photos are collected', () => {
  it('keeps a file a row names, however old', () => {
    // Given a photo written a year ago that a lot photo row names
    const files = [file(name(1), 365 * 24 * HOUR)];
    // When the collection decides
    const removed = filesToCollect(files, new Set([name(1)]), NOW);
    // Then it stays
    expect(removed).toEqual([]);
  });

  it('keeps a file no row names while it is younger than the grace period', () => {
    // Given an upload whose row is not written yet, and a photo removed an hour ago
    const files = [file(name(2, 'banner'), 5_000), file(name(3), 23 * HOUR)];
    // When the collection decides
    const removed = filesToCollect(files, new Set(), NOW);
    // Then both stay: a page already open may still ask for them
    expect(removed).toEqual([]);
  });

  it('removes a file no row names once the grace period has passed', () => {
    // Given a photo removed more than a day ago, both of its sizes, and a banner refused after its file was written
    const files = [
      file(name(4), PHOTO_COLLECTION_GRACE_MS),
      file(name(4, 'medium'), PHOTO_COLLECTION_GRACE_MS + HOUR),
      file(name(5, 'banner'), 30 * 24 * HOUR),
    ];
    // When the collection decides
    const removed = filesToCollect(files, new Set([name(6)]), NOW);
    // Then all three go
    expect(removed).toEqual([name(4), name(4, 'medium'), name(5, 'banner')]);
  });

  it('ignores files whose names are not ours', () => {
    // Given old files someone else keeps beside the photos
    const files = ['README.txt', 'backup.tar.gz', 'thumbnails/x-large.webp', 'photo-large.webp', `${name(7)}.bak`].map(
      (other) => file(other, 365 * 24 * HOUR),
    );
    // When the collection decides
    const removed = filesToCollect(files, new Set(), NOW);
    // Then none of them is touched
    expect(removed).toEqual([]);
  });

  it('uses the grace period it is given', () => {
    const files = [file(name(8), 2 * HOUR), file(name(9), 30 * 60_000)];
    expect(filesToCollect(files, new Set(), NOW, HOUR)).toEqual([name(8)]);
  });
});
