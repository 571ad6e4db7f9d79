/**
 * The engine's public surface: the pure lot decider (no I/O), and beside it the event store seam,
 * its PostgreSQL adapter and the command handler that loads, decides and appends.
 */

export { CommandHandler, type CommandHandlerOptions } from './handler/commandHandler.ts';
export { KEY_REUSED, requestFingerprint, scopedCommandId } from './handler/commandKey.ts';
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
export { loadCheckpoint, saveCheckpoint } from './store/postgres/checkpoints.ts';
export { PostgresEventStore } from './store/postgres/postgresEventStore.ts';
