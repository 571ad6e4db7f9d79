import { PHOTO_FILE_NAME, type StoredFile } from '@auction/platform/media';

/**
 * How long a stored photo no row names is kept before it is collected. A page opened before its
 * photo was removed (a lot's page, a projector's carousel, a browser's cache of the address) keeps
 * asking for the file for a while; and an upload writes its file before its row (the file decoded
 * and stored first, so a refused upload leaves the lot as it was), so a file seconds old may have
 * its row on the way. A day covers both with room to spare, and an operator's undo the day after.
 */
export const PHOTO_COLLECTION_GRACE_MS = 24 * 60 * 60_000;

/**
 * The stored files to remove (docs/operator-api.md "Lot photos"): photos of ours (photoFileName's
 * names; anything else in the folder or the bucket is someone else's) that no row names and that
 * were written longer than the grace period ago. A file a row names is never removed, however old.
 */
export function filesToCollect(
  files: readonly StoredFile[],
  referenced: ReadonlySet<string>,
  now: number,
  graceMs: number = PHOTO_COLLECTION_GRACE_MS,
): string[] {
  return files
    .filter(
      (file) =>
        PHOTO_FILE_NAME.test(file.name) && !referenced.has(file.name) && now - file.lastModified.getTime() >= graceMs,
    )
    .map((file) => file.name);
}
