/**
 * The event store seam (DESIGN.md §4). The PostgreSQL adapter is the default; a KurrentDB adapter
 * implements the same interface and must pass the same contract suite (engine/test/store).
 */
export interface EventMetadata {
  commandId: string;
  userId: string | null;
  /** Server time in epoch ms: the clock that decided. */
  at: number;
}

export interface NewEvent {
  type: string;
  data: unknown;
  meta: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  streamId: string;
  /** 1-based, dense within the stream. */
  streamVersion: number;
  globalPosition: number;
}

/** A subscriber's place in the global order: the writing transaction, then the position. */
export interface Checkpoint {
  transactionId: string;
  position: number;
}

export const START: Checkpoint = { transactionId: '0', position: 0 };

/** The stream's version before the append: 0 means "the stream must not exist yet". */
export type ExpectedVersion = number | 'any';

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
  ) {
    super(`stream ${streamId} is not at version ${expected}`);
  }
}

/** The command id was already appended: a retry. The first append's events are the outcome. */
export class DuplicateCommandError extends Error {
  constructor(readonly commandId: string) {
    super(`command ${commandId} was already appended`);
  }
}

export interface AppendResult {
  /** Stream version after the append. */
  version: number;
  events: RecordedEvent[];
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Where the next read starts; unchanged when nothing new is safely visible. */
  checkpoint: Checkpoint;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  from?: Checkpoint;
  /** Called after each handled batch, with the checkpoint to persist. */
  onCheckpoint?: (checkpoint: Checkpoint) => Promise<void> | void;
  pollIntervalMs?: number;
  batchSize?: number;
  onError?: (error: unknown) => void;
}

export interface EventStore {
  /**
   * Appends atomically. Events of one command share its command id; appending a command id twice
   * fails with DuplicateCommandError and appends nothing.
   */
  appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  readStream(streamId: string, fromVersion?: number): Promise<RecordedEvent[]>;
  /** The events a command appended, for answering a retry with the first outcome. */
  readByCommandId(commandId: string): Promise<RecordedEvent[]>;
  /** Events in global order after the checkpoint, never past a transaction that may still commit before them. */
  readAll(after: Checkpoint, limit?: number): Promise<ReadAllResult>;
  subscribe(handler: (events: RecordedEvent[]) => Promise<void>, options?: SubscribeOptions): Subscription;
  /** Every stream id with the given prefix (lots are `lot-<id>`), for replays and verification. */
  listStreams(prefix: string): Promise<string[]>;
}
