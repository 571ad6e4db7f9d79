import {
  type CommandKey,
  DuplicateCommandError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../store/eventStore.ts';
import { KEY_REUSED, STREAM_MOVED } from './commandKey.ts';
import type { Decider } from './decider.ts';

export type CommandOutcome<S> =
  | { ok: true; events: RecordedEvent[]; state: S; version: number; duplicate: boolean }
  | { ok: false; reason: string };

export class ConcurrencyError extends Error {}

interface Pending<C> {
  command: C;
  /** The request's fingerprint (commandKey.ts): a key seen again with another one is a reuse. */
  request: string;
  /** Decide only on this stream version (a previewed command's confirmation). */
  expectedVersion: number | undefined;
  resolve(outcome: CommandOutcome<unknown>): void;
  reject(error: unknown): void;
}

/** What a key was first used for, as far as the writer needs it to answer the key again. */
type KeyRecord = { request: string | null; refusal: string | null; events?: RecordedEvent[] };

/** How each command of a round is answered. */
type Step =
  | { kind: 'refused'; reason: string; record: boolean }
  | { kind: 'accepted'; from: number; count: number }
  /** Accepted with nothing to append (hiding a hidden lot). */
  | { kind: 'noop' }
  /** Its key was used before: answered from the key's record once the round is written. */
  | { kind: 'retry'; record: KeyRecord | null }
  /** The same key earlier in this round with the same request: the same answer. */
  | { kind: 'same'; index: number }
  | { kind: 'reused' };

export interface StreamWriterOptions {
  maxRetries: number;
  maxBatch: number;
  /** Refusals remembered per stream, so a retried refused command is answered without a read. */
  refusalMemory: number;
}

/**
 * The one writer of a stream inside this process. Commands queue up while an append is in flight;
 * the next round decides all of them one after another against the cached state and appends their
 * events in one statement (group commit). Another process writing the same stream shows up as a
 * version conflict: catch up from the stream and decide the round again, a bounded number of times.
 *
 * Idempotency (Stripe's semantics): every command answered claims its key in the same statement as
 * the round's events, refusals included, so its first answer is recorded before it is given. A key
 * already claimed (a retry from another process, or the key reused on another stream) fails the
 * statement: the round's keys are then read, and the round is decided again with those commands
 * answered from their record (the same request) or refused as a reuse (another request), so one
 * offender never fails the other commands of its batch.
 */
export class StreamWriter<S, C extends { commandId: string }, E extends NewEvent> {
  private state: S;
  private version = 0;
  private loaded = false;
  private queue: Pending<C>[] = [];
  private running = false;
  private readonly refusals = new Map<string, KeyRecord>();

  constructor(
    private readonly streamId: string,
    private readonly store: EventStore,
    private readonly decider: Decider<S, C, E>,
    private readonly options: StreamWriterOptions,
  ) {
    this.state = decider.initialState();
  }

  get idle(): boolean {
    return !this.running && this.queue.length === 0;
  }

  handle(command: C, request: string, expectedVersion?: number): Promise<CommandOutcome<S>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ command, request, expectedVersion, resolve: resolve as Pending<C>['resolve'], reject });
      if (!this.running) void this.drain();
    });
  }

  /** The state as last committed by this process (caught up first). */
  async read(): Promise<{ state: S; version: number }> {
    await this.catchUp();
    return { state: this.state, version: this.version };
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch);
        await this.round(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async catchUp(): Promise<void> {
    const events = await this.store.readStream(this.streamId, this.version + 1);
    for (const event of events) this.state = this.decider.evolve(this.state, event as unknown as E);
    if (events.length > 0) this.version = events[events.length - 1]?.streamVersion ?? this.version;
    this.loaded = true;
  }

  private async round(batch: Pending<C>[]): Promise<void> {
    // Keys found claimed already, read after a statement failed on one of them.
    const known = new Map<string, KeyRecord>();
    for (let attempt = 0; attempt <= this.options.maxRetries; attempt++) {
      try {
        if (!this.loaded) await this.catchUp();
        await this.decideAndAppend(batch, known);
        return;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError || error instanceof DuplicateCommandError) {
          try {
            await this.catchUp();
            if (error instanceof DuplicateCommandError) await this.learnKeys(batch, known);
          } catch {
            this.loaded = false;
          }
          continue;
        }
        // Unknown failure (database down…): nothing is acknowledged, and the cache is rebuilt next time.
        this.loaded = false;
        for (const pending of batch) pending.reject(error);
        return;
      }
    }
    const error = new ConcurrencyError(`stream ${this.streamId}: too many concurrent writers, gave up`);
    for (const pending of batch) pending.reject(error);
  }

  /** Reads which of the round's keys are claimed already (after the stream was caught up). */
  private async learnKeys(batch: Pending<C>[], known: Map<string, KeyRecord>): Promise<void> {
    const ids = [...new Set(batch.map((p) => p.command.commandId))].filter((id) => !known.has(id));
    for (const record of await this.store.readCommands(ids)) known.set(record.commandId, record);
  }

  private async decideAndAppend(batch: Pending<C>[], known: Map<string, KeyRecord>): Promise<void> {
    let state = this.state;
    const events: E[] = [];
    const claims: CommandKey[] = [];
    const steps: Step[] = [];
    const firstInRound = new Map<string, number>();
    for (const [i, { command, request, expectedVersion }] of batch.entries()) {
      const id = command.commandId;
      const first = firstInRound.get(id);
      if (first !== undefined) {
        steps.push(batch[first]?.request === request ? { kind: 'same', index: first } : { kind: 'reused' });
        continue;
      }
      firstInRound.set(id, i);
      const record = known.get(id) ?? this.refusals.get(id);
      if (record) {
        steps.push(answerOf(record, request));
        continue;
      }
      if (this.decider.isProcessed?.(state, id)) {
        steps.push({ kind: 'retry', record: null });
        continue;
      }
      // The stream's version at this point of the round: its head plus the events decided before.
      if (expectedVersion !== undefined && this.version + events.length !== expectedVersion) {
        // Not the command's outcome but a stale precondition: nothing is claimed, the key stays free.
        steps.push({ kind: 'refused', reason: STREAM_MOVED, record: false });
        continue;
      }
      const decision = this.decider.decide(state, command);
      if (!decision.ok) {
        steps.push({ kind: 'refused', reason: decision.reason, record: true });
        claims.push({ commandId: id, request, refusal: decision.reason });
        continue;
      }
      claims.push({ commandId: id, request, refusal: null });
      if (decision.events.length === 0) {
        steps.push({ kind: 'noop' });
        continue;
      }
      steps.push({ kind: 'accepted', from: events.length, count: decision.events.length });
      for (const event of decision.events) {
        state = this.decider.evolve(state, event);
        events.push(event);
      }
    }

    let recorded: RecordedEvent[] = [];
    if (claims.length > 0) {
      const result = await this.store.appendToStream(this.streamId, events, this.version, claims);
      recorded = result.events;
      this.version = result.version;
      this.state = state;
    }

    // Retries of commands this state holds: their record gives the first events and the request.
    const unread = batch.filter((_, i) => {
      const step = steps[i];
      return step?.kind === 'retry' && step.record === null;
    });
    const read = new Map<string, KeyRecord>();
    if (unread.length > 0) {
      for (const record of await this.store.readCommands(unread.map((p) => p.command.commandId))) {
        read.set(record.commandId, record);
      }
    }

    const outcomes: CommandOutcome<S>[] = [];
    for (const [i, pending] of batch.entries()) {
      const step = steps[i] as Step;
      const outcome = this.outcomeOf(step, pending, recorded, read, outcomes);
      if (step.kind === 'refused' && step.record) {
        this.rememberRefusal(pending.command.commandId, { request: pending.request, refusal: step.reason });
      }
      outcomes.push(outcome);
      pending.resolve(outcome);
    }
  }

  private outcomeOf(
    step: Step,
    pending: Pending<C>,
    recorded: RecordedEvent[],
    read: Map<string, KeyRecord>,
    earlier: CommandOutcome<S>[],
  ): CommandOutcome<S> {
    const accepted = (events: RecordedEvent[], duplicate: boolean): CommandOutcome<S> => ({
      ok: true,
      events,
      state: this.state,
      version: this.version,
      duplicate,
    });
    switch (step.kind) {
      case 'refused':
        return { ok: false, reason: step.reason };
      case 'reused':
        return { ok: false, reason: KEY_REUSED };
      case 'accepted':
        return accepted(recorded.slice(step.from, step.from + step.count), false);
      case 'noop':
        return accepted([], false);
      case 'same': {
        const first = earlier[step.index] as CommandOutcome<S>;
        return first.ok ? { ...first, duplicate: true } : first;
      }
      case 'retry': {
        const record = step.record ?? read.get(pending.command.commandId) ?? null;
        // A command held by the state whose key row is missing predates the key table: a plain retry.
        if (record === null) return accepted([], true);
        const answer = answerOf(record, pending.request);
        if (answer.kind !== 'retry') return this.outcomeOf(answer, pending, recorded, read, earlier);
        return accepted(record.events ?? [], true);
      }
    }
  }

  private rememberRefusal(commandId: string, record: KeyRecord): void {
    this.refusals.set(commandId, record);
    if (this.refusals.size > this.options.refusalMemory) {
      const oldest = this.refusals.keys().next().value;
      if (oldest !== undefined) this.refusals.delete(oldest);
    }
  }
}

/**
 * A claimed key met again: another request is a reuse; the same request (or a key recorded before
 * requests were fingerprinted) gets the first answer, a refusal as it was, an acceptance as a retry.
 */
function answerOf(record: KeyRecord, request: string): Step {
  if (record.request !== null && record.request !== request) return { kind: 'reused' };
  if (record.refusal !== null) return { kind: 'refused', reason: record.refusal, record: false };
  return { kind: 'retry', record };
}
