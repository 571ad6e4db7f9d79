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
  /** The audit chain's hash (docs/audit.md), where the store keeps one. */
  hash?: string;
  /** When the store recorded it, epoch ms, where the store keeps it. */
  recordedAt?: number;
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

/**
 * A command id of the append was already recorded (appended, or refused) on this stream or another:
 * nothing was appended. `commandId` names it when the store can tell which one.
 */
export class DuplicateCommandError extends Error {
  constructor(readonly commandId: string | null) {
    super(`command ${commandId ?? '(one of the append)'} was already recorded`);
  }
}

/**
 * An idempotency key claimed with an append: the command's id (already scoped to its user by the
 * caller), the fingerprint of its request, and its refusal when it was refused (then it has no
 * events). A key is claimed once, in any stream; a second claim fails the append.
 */
export interface CommandKey {
  commandId: string;
  request: string | null;
  refusal: string | null;
}

/** A claimed key as recorded, with the events of an accepted command. */
export interface RecordedCommand extends CommandKey {
  streamId: string;
  events: RecordedEvent[];
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
   * Appends atomically and claims the commands' keys in the same write. Events of one command share
   * its command id. `commands` lists the keys to claim, refused commands included (then `events`
   * may be empty: the write records the refusals, still checking the expected version); without it,
   * each distinct command id of the events is claimed with no fingerprint. A key already claimed,
   * here or on another stream, fails with DuplicateCommandError and records nothing.
   */
  appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
    commands?: CommandKey[],
  ): Promise<AppendResult>;
  readStream(streamId: string, fromVersion?: number): Promise<RecordedEvent[]>;
  /** The events a command appended, for answering a retry with the first outcome. */
  readByCommandId(commandId: string): Promise<RecordedEvent[]>;
  /** The recorded keys among these ids (missing ones were never claimed), with their events. */
  readCommands(commandIds: string[]): Promise<RecordedCommand[]>;
  /** Events in global order after the checkpoint, never past a transaction that may still commit before them. */
  readAll(after: Checkpoint, limit?: number): Promise<ReadAllResult>;
  subscribe(handler: (events: RecordedEvent[]) => Promise<void>, options?: SubscribeOptions): Subscription;
  /** Every stream id with the given prefix (lots are `lot-<id>`), for replays and verification. */
  listStreams(prefix: string): Promise<string[]>;
}
