import {
  DuplicateCommandError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../store/eventStore.ts';
import type { Decider } from './decider.ts';

export type CommandOutcome<S> =
  | { ok: true; events: RecordedEvent[]; state: S; version: number; duplicate: boolean }
  | { ok: false; reason: string };

export class ConcurrencyError extends Error {}

interface Pending<C> {
  command: C;
  resolve(outcome: CommandOutcome<unknown>): void;
  reject(error: unknown): void;
}

export interface StreamWriterOptions {
  maxRetries: number;
  maxBatch: number;
  /** Refusals remembered per stream, so a retried refused command gets its first answer. */
  refusalMemory: number;
}

/**
 * The one writer of a stream inside this process. Commands queue up while an append is in flight;
 * the next round decides all of them one after another against the cached state and appends their
 * events in one statement (group commit). Another process writing the same stream shows up as a
 * version conflict: catch up from the stream and decide the round again, a bounded number of times.
 */
export class StreamWriter<S, C extends { commandId: string }, E extends NewEvent> {
  private state: S;
  private version = 0;
  private loaded = false;
  private queue: Pending<C>[] = [];
  private running = false;
  private readonly refusals = new Map<string, string>();

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

  handle(command: C): Promise<CommandOutcome<S>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve: resolve as Pending<C>['resolve'], reject });
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
    for (let attempt = 0; attempt <= this.options.maxRetries; attempt++) {
      try {
        if (!this.loaded) await this.catchUp();
        if (await this.decideAndAppend(batch)) return;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError || error instanceof DuplicateCommandError) {
          await this.catchUp().catch(() => {
            this.loaded = false;
          });
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

  /** Returns false when the append lost a race and the round must be decided again. */
  private async decideAndAppend(batch: Pending<C>[]): Promise<boolean> {
    let state = this.state;
    const events: E[] = [];
    const plan: Array<{ refusal: string } | { from: number; count: number } | { retryOf: string }> = [];
    const acceptedInRound = new Set<string>();
    for (const { command } of batch) {
      const remembered = this.refusals.get(command.commandId);
      if (remembered) {
        plan.push({ refusal: remembered });
        continue;
      }
      const decision = this.decider.decide(state, command);
      if (!decision.ok) {
        plan.push({ refusal: decision.reason });
        continue;
      }
      if (decision.events.length === 0) {
        plan.push({ retryOf: command.commandId });
        continue;
      }
      plan.push({ from: events.length, count: decision.events.length });
      acceptedInRound.add(command.commandId);
      for (const event of decision.events) {
        state = this.decider.evolve(state, event);
        events.push(event);
      }
    }

    let recorded: RecordedEvent[] = [];
    if (events.length > 0) {
      const result = await this.store.appendToStream(this.streamId, events, this.version);
      recorded = result.events;
      this.version = result.version;
      this.state = state;
    }

    for (const [i, pending] of batch.entries()) {
      const step = plan[i];
      if (!step) continue;
      if ('refusal' in step) {
        this.rememberRefusal(pending.command.commandId, step.refusal);
        pending.resolve({ ok: false, reason: step.refusal });
      } else if ('from' in step) {
        const own = recorded.slice(step.from, step.from + step.count);
        pending.resolve({ ok: true, events: own, state: this.state, version: this.version, duplicate: false });
      } else {
        const first = acceptedInRound.has(step.retryOf)
          ? recorded.filter((e) => e.meta.commandId === step.retryOf)
          : await this.store.readByCommandId(step.retryOf);
        pending.resolve({
          ok: true,
          events: first,
          state: this.state,
          version: this.version,
          duplicate: first.length > 0,
        });
      }
    }
    return true;
  }

  private rememberRefusal(commandId: string, reason: string): void {
    this.refusals.set(commandId, reason);
    if (this.refusals.size > this.options.refusalMemory) {
      const oldest = this.refusals.keys().next().value;
      if (oldest !== undefined) this.refusals.delete(oldest);
    }
  }
}
