/**
 * The engine's public surface: the pure lot and donation deciders (no I/O), and beside them the
 * event store seam, its PostgreSQL adapter, the command handler that loads, decides and appends,
 * and the one log follower with its checkpoint store.
 */

export * from './donation/index.ts';
export { isCaughtUp, logHead, type WaitOptions, waitUntilCaughtUp } from './follow/caughtUp.ts';
export { ensureCheckpoint, loadCheckpoint, sameCheckpoint, saveCheckpoint } from './follow/checkpoints.ts';
export {
  type FollowLogOptions,
  followLog,
  type LogFollower,
  type PlainFollow,
  type TransactionalFollow,
} from './follow/followLog.ts';
export { CommandHandler, type CommandHandlerOptions } from './handler/commandHandler.ts';
export { KEY_REUSED, requestFingerprint, STREAM_MOVED, scopedCommandId } from './handler/commandKey.ts';
export {
  createDonationCommandHandler,
  DONATION_STREAM_PREFIX,
  type DonationCommandHandler,
  donationDeletionCommandId,
  donationStreamId,
  isDonationStream,
} from './handler/donationCommandHandler.ts';
export {
  createLotCommandHandler,
  type LotCommandHandler,
  lotIdOfStream,
  lotStreamId,
} from './handler/lotCommandHandler.ts';
export { type CommandOutcome as HandledOutcome, ConcurrencyError } from './handler/streamWriter.ts';
export * from './lot/index.ts';
export { type Cents, formatMoney, parseMoney } from './money.ts';
export * from './store/eventStore.ts';
export { onAppendBatch } from './store/postgres/appendBatchObserver.ts';
export { PostgresEventStore, readAllOn } from './store/postgres/postgresEventStore.ts';
export type { Queryable } from './store/postgres/queryable.ts';
