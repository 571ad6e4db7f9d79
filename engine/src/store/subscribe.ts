import type { Checkpoint, EventStore, RecordedEvent, SubscribeOptions, Subscription } from './eventStore.ts';
import { START } from './eventStore.ts';

/**
 * A polling subscription over readAll, shared by adapters that have no push of their own.
 * The handler sees each event once per run, in order; a failing batch is retried after a pause,
 * so delivery is at-least-once and subscribers are idempotent.
 */
export function pollingSubscription(
  readAll: EventStore['readAll'],
  handler: (events: RecordedEvent[]) => Promise<void>,
  options: SubscribeOptions = {},
): Subscription {
  let checkpoint: Checkpoint = options.from ?? START;
  const interval = options.pollIntervalMs ?? 50;
  const batchSize = options.batchSize ?? 500;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  const loop = (async () => {
    while (!stopped) {
      let caughtUp = true;
      try {
        const batch = await readAll(checkpoint, batchSize);
        if (batch.events.length > 0) {
          await handler(batch.events);
          checkpoint = batch.checkpoint;
          await options.onCheckpoint?.(checkpoint);
          caughtUp = batch.events.length < batchSize;
        }
      } catch (error) {
        options.onError?.(error);
      }
      if (caughtUp && !stopped) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, interval);
        });
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loop;
    },
  };
}
