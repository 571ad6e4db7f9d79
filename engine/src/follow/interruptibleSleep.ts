/**
 * Sleeps that `wakeAll` ends at once: the log follower waits between polls and for its lock, and
 * must not make `stop()` wait out the rest of its interval.
 */
export function interruptibleSleep(): { sleep(ms: number): Promise<void>; wakeAll(): void } {
  const sleepers = new Set<() => void>();
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        sleepers.add(wake);
      }),
    wakeAll: () => {
      for (const wake of [...sleepers]) wake();
    },
  };
}
