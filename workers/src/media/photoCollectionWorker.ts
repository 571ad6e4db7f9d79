import { type Db, type QueueOptions, queueLocation } from '@auction/platform';
import type { MediaStore } from '@auction/platform/media';
import { Queue, Worker } from 'bullmq';
import { collectPhotos, type PhotoCollectionResult } from './collectPhotos.ts';

export const PHOTO_COLLECTION_QUEUE = 'photo-collection';
const SCHEDULER_ID = 'photo-collection-every';

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

export interface PhotoCollectionWorker {
  queue: Queue;
  worker: Worker<unknown, PhotoCollectionResult>;
  stop(): Promise<void>;
}

/**
 * Removes the stored photo files no row names any more (collectPhotos), periodically. A BullMQ job
 * scheduler with a fixed id: every workers process upserts the same one, so the store is gone
 * through once per period whatever the number of processes.
 */
export function startPhotoCollectionWorker(options: PhotoCollectionWorkerOptions): PhotoCollectionWorker {
  const queueOptions = queueLocation(options);
  const queue = new Queue(PHOTO_COLLECTION_QUEUE, {
    ...queueOptions,
    defaultJobOptions: { removeOnComplete: 100, removeOnFail: 100 },
  });
  void queue.upsertJobScheduler(SCHEDULER_ID, { every: options.everyMs ?? EVERY_MS }, { name: 'collect' });
  const worker = new Worker<unknown, PhotoCollectionResult>(
    PHOTO_COLLECTION_QUEUE,
    async () => {
      const result = await collectPhotos({
        db: options.db,
        store: options.store,
        ...(options.graceMs !== undefined ? { graceMs: options.graceMs } : {}),
      });
      options.log?.(`photo collection: ${result.removed} unnamed files removed of ${result.listed} stored`);
      return result;
    },
    queueOptions,
  );
  return {
    queue,
    worker,
    async stop() {
      await worker.close();
      await queue.close();
    },
  };
}
