import type { EventStore, NewEvent } from '../store/eventStore.ts';
import { requestFingerprint } from './commandKey.ts';
import type { Decider } from './decider.ts';
import { type CommandOutcome, StreamWriter, type StreamWriterOptions } from './streamWriter.ts';

export interface CommandHandlerOptions extends Partial<StreamWriterOptions> {
  /** Streams whose state stays cached; idle writers beyond this are dropped, oldest first. */
  maxCachedStreams?: number;
}

/**
 * Load (cached state, caught up from the stream), decide, append. One StreamWriter per stream
 * serialises a stream's commands inside this process; optimistic concurrency guards across processes.
 */
export class CommandHandler<S, C extends { commandId: string }, E extends NewEvent> {
  private readonly writers = new Map<string, StreamWriter<S, C, E>>();
  private readonly writerOptions: StreamWriterOptions;
  private readonly maxCachedStreams: number;

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<S, C, E>,
    options: CommandHandlerOptions = {},
  ) {
    this.writerOptions = {
      maxRetries: options.maxRetries ?? 8,
      maxBatch: options.maxBatch ?? 256,
      refusalMemory: options.refusalMemory ?? 1000,
    };
    this.maxCachedStreams = options.maxCachedStreams ?? 20_000;
  }

  /**
   * The command's id is its idempotency key: a user's command comes with it scoped (commandKey.ts).
   * With `expectedVersion`, the command is decided only on that stream version (a confirmation of
   * what was previewed on it); otherwise it is refused `STREAM_MOVED` and its key stays free.
   */
  handle(streamId: string, command: C, options: { expectedVersion?: number } = {}): Promise<CommandOutcome<S>> {
    return this.writer(streamId).handle(command, requestFingerprint(streamId, command), options.expectedVersion);
  }

  read(streamId: string): Promise<{ state: S; version: number }> {
    return this.writer(streamId).read();
  }

  private writer(streamId: string): StreamWriter<S, C, E> {
    let writer = this.writers.get(streamId);
    if (writer) {
      // Map order is insertion order: re-inserting keeps the most recently used at the end.
      this.writers.delete(streamId);
      this.writers.set(streamId, writer);
      return writer;
    }
    writer = new StreamWriter(streamId, this.store, this.decider, this.writerOptions);
    this.writers.set(streamId, writer);
    if (this.writers.size > this.maxCachedStreams) this.evict();
    return writer;
  }

  private evict(): void {
    for (const [id, writer] of this.writers) {
      if (this.writers.size <= this.maxCachedStreams) return;
      if (writer.idle) this.writers.delete(id);
    }
  }
}
