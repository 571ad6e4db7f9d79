/**
 * An open-loop arrival schedule like k6's `ramping-arrival-rate` executor: requests are sent at a
 * rate that does not wait for answers, so a slow server shows as latency instead of as a lower
 * rate. The rate rises linearly from `startRate` to `targetRate` over `rampSeconds`, then holds.
 */
export interface ArrivalSchedule {
  startRate: number;
  targetRate: number;
  rampSeconds: number;
}

/** The offered rate (per second) `t` seconds into the run. */
export function rateAt(schedule: ArrivalSchedule, t: number): number {
  const { startRate, targetRate, rampSeconds } = schedule;
  if (t >= rampSeconds) return targetRate;
  return startRate + ((targetRate - startRate) * Math.max(0, t)) / rampSeconds;
}

/** How many arrivals are due by `t` seconds: the integral of the rate. */
export function arrivalsBy(schedule: ArrivalSchedule, t: number): number {
  const { startRate, targetRate, rampSeconds } = schedule;
  if (t <= 0) return 0;
  const ramp = Math.min(t, rampSeconds);
  const ramped = startRate * ramp + ((targetRate - startRate) * ramp * ramp) / (2 * Math.max(rampSeconds, 1e-9));
  return ramped + targetRate * Math.max(0, t - rampSeconds);
}

/** When (seconds into the run) arrival number `n` (from 0) is due: the inverse of `arrivalsBy`. */
export function arrivalTime(schedule: ArrivalSchedule, n: number): number {
  const { startRate, targetRate, rampSeconds } = schedule;
  const k = n + 1;
  const inRamp = arrivalsBy(schedule, rampSeconds);
  if (k > inRamp || rampSeconds <= 0) return rampSeconds + (k - inRamp) / targetRate;
  const slope = (targetRate - startRate) / rampSeconds;
  if (Math.abs(slope) < 1e-12) return k / startRate;
  // slope/2 · t² + startRate · t − k = 0
  return (-startRate + Math.sqrt(startRate * startRate + 2 * slope * k)) / slope;
}
