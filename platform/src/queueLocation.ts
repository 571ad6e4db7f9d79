import type { ConnectionOptions } from 'bullmq';

/** Where a queue and its workers live: BullMQ's Redis, and for tests a key prefix of their own. */
export interface QueueOptions {
  connection: ConnectionOptions;
  /** BullMQ key prefix; tests use their own so queues of different files never meet. */
  prefix?: string;
}

/**
 * The connection and prefix as BullMQ's queue and worker options take them, and nothing else of
 * `options`: without a prefix the key is left out, so BullMQ's own default applies.
 */
export function queueLocation(options: QueueOptions): QueueOptions {
  return { connection: options.connection, ...(options.prefix ? { prefix: options.prefix } : {}) };
}
