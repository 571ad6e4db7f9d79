import {
  type Db,
  type PeriodicJob,
  PHOTO_COLLECTION_QUEUE,
  type QueueOptions,
  startPeriodicJob,
} from '@auction/platform';
import type { MediaStore } from '@auction/platform/media';
import { collectPhotos, type PhotoCollectionResult } from './collectPhotos.ts';

/** Often enough that a removed photo's file goes within about a day and an hour; a listing is cheap. */
const EVERY_MS = 60 * 60_000;

export interface PhotoCollectionWorkerOptions extends QueueOptions {
  db: Db;
  /** The store the API writes photos to (openMediaStore with the same settings). */
  store: MediaStore;
  /** How often (default hourly). */
  everyMs?: number;
  /** How long an unnamed file is kept (default PHOTO_COLLECTION_GRACE_MS); tests shorten it. */
  graceMs?: number;
  /** Told of each run's removals. */
  log?: (line: string) => void;
}

export type PhotoCollectionWorker = PeriodicJob<PhotoCollectionResult>;

/**
 * Removes the stored photo files no row names any more (collectPhotos), periodically: the store is
 * gone through once per period whatever the number of workers processes (startPeriodicJob).
 */
export function startPhotoCollectionWorker(options: PhotoCollectionWorkerOptions): PhotoCollectionWorker {
  const { db, store, everyMs, graceMs, log, ...queueOptions } = options;
  return startPeriodicJob({
    ...queueOptions,
    queueName: PHOTO_COLLECTION_QUEUE,
    schedulerId: 'photo-collection-every',
    jobName: 'collect',
    everyMs: everyMs ?? EVERY_MS,
    async run() {
      const result = await collectPhotos({ db, store, ...(graceMs !== undefined ? { graceMs } : {}) });
      log?.(`photo collection: ${result.removed} unnamed files removed of ${result.listed} stored`);
      return result;
    },
  });
}
