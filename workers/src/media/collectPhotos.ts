import type { Db } from '@auction/platform';
import type { MediaStore, StoredFile } from '@auction/platform/media';
import { photoFilesCollected } from '@auction/platform/metrics';
import { mapWithConcurrency } from '../closings/closingWorker.ts';
import { filesToCollect, PHOTO_COLLECTION_GRACE_MS } from './photoCollection.ts';
import { readReferencedPhotoNames } from './photoReferences.ts';

export interface CollectPhotosDeps {
  db: Db;
  store: MediaStore;
  clock?: () => number;
  graceMs?: number;
}

export interface PhotoCollectionResult {
  /** Files the store holds, ours or not. */
  listed: number;
  removed: number;
}

/** Files decided and removed together: a bucket of any size is gone through in steady steps. */
const BATCH = 1_000;

/**
 * One collection of the store's photos no row names (photoCollection.ts decides which). The rows
 * are read before the listing (a file uploaded since is younger than the grace period, and a row
 * removed since leaves its file to the next run), and again before each batch is removed, so a row
 * naming an old file again while the store is listed keeps it. Removing is idempotent, so two runs at once
 * (or a run cut short and started again) remove nothing twice in effect.
 */
export async function collectPhotos(deps: CollectPhotosDeps): Promise<PhotoCollectionResult> {
  const now = (deps.clock ?? Date.now)();
  const graceMs = deps.graceMs ?? PHOTO_COLLECTION_GRACE_MS;
  const referenced = await readReferencedPhotoNames(deps.db);
  let listed = 0;
  let removed = 0;
  const collect = async (files: StoredFile[]) => {
    let names = filesToCollect(files, referenced, now, graceMs);
    if (names.length > 0) {
      // Read again just before removing: a row written since the first read (an operator pasting
      // an old photo's address back, a page saved from before its removal) keeps its file.
      const stillNamed = await readReferencedPhotoNames(deps.db);
      names = names.filter((name) => !stillNamed.has(name));
    }
    await mapWithConcurrency(names, 8, (name) => deps.store.remove(name));
    photoFilesCollected.inc(names.length);
    removed += names.length;
  };
  let batch: StoredFile[] = [];
  for await (const file of deps.store.list()) {
    listed += 1;
    batch.push(file);
    if (batch.length === BATCH) {
      await collect(batch);
      batch = [];
    }
  }
  await collect(batch);
  return { listed, removed };
}
