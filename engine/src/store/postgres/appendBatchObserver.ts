/**
 * How many appends each statement of the append batcher wrote, for the process's metrics. The
 * engine knows nothing of where they go: the process's main registers one listener (the API's and
 * the workers' feed a Prometheus histogram); without one, nothing is recorded.
 */
let listener: ((appends: number) => void) | null = null;

export function onAppendBatch(observe: ((appends: number) => void) | null): void {
  listener = observe;
}

export function reportAppendBatch(appends: number): void {
  listener?.(appends);
}
