import { type ArrivalSchedule, arrivalsBy, arrivalTime } from './arrivals.ts';

export interface ArrivalLoopResult {
  /** Arrivals due during the run, sent or dropped. */
  arrivals: number;
  /** Arrivals not sent because `maxInFlight` requests were already waiting (k6's dropped_iterations). */
  dropped: number;
  seconds: number;
  /** How late the client sent requests after their due time: a busy client shows here, not as server latency. */
  lateSendP99Ms: number;
}

/**
 * Fires `fire(n, secondsIntoRun)` for every arrival of the schedule, without waiting for answers,
 * until `done(secondsIntoRun)` says so; then waits for the answers still in flight.
 */
export async function runArrivals(options: {
  schedule: ArrivalSchedule;
  maxInFlight: number;
  done: (t: number) => boolean;
  fire: (n: number, t: number) => Promise<void>;
  /** Told of every arrival, sent or dropped (the offered load per second). */
  arrived?: (t: number) => void;
}): Promise<ArrivalLoopResult> {
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  const late: number[] = [];
  let n = 0;
  let dropped = 0;
  let t = 0;
  while (!options.done(t)) {
    t = (performance.now() - started) / 1000;
    const due = Math.floor(arrivalsBy(options.schedule, t));
    for (; n < due; n++) {
      if ((n & 15) === 0) late.push((t - arrivalTime(options.schedule, n)) * 1000);
      options.arrived?.(t);
      if (inFlight.size >= options.maxInFlight) {
        dropped++;
        continue;
      }
      const request = options.fire(n, t).finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.allSettled([...inFlight]);
  late.sort((a, b) => a - b);
  return {
    arrivals: n,
    dropped,
    seconds,
    lateSendP99Ms: late[Math.min(late.length - 1, Math.floor(late.length * 0.99))] ?? 0,
  };
}
