/** Percentiles of a sample; `q` in [0, 1]. Null for an empty sample. */
export function percentile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/**
 * Latencies in whole milliseconds, counted per bucket: the propagation samples are one per bid per
 * watcher (millions), which an array of numbers could not hold. Values past the last bucket are
 * counted in it; negative ones (a watcher's clock read before the bid's server time, both on the
 * same machine, can only differ by rounding) count as zero.
 */
export class MillisecondHistogram {
  private readonly counts: Float64Array;
  total = 0;

  constructor(readonly maxMs = 120_000) {
    this.counts = new Float64Array(maxMs + 1);
  }

  add(ms: number, weight = 1): void {
    const bucket = Math.min(this.maxMs, Math.max(0, Math.round(ms)));
    this.counts[bucket] = (this.counts[bucket] as number) + weight;
    this.total += weight;
  }

  percentile(q: number): number | null {
    if (this.total === 0) return null;
    const rank = Math.max(1, Math.ceil(q * this.total));
    let seen = 0;
    for (let ms = 0; ms <= this.maxMs; ms++) {
      seen += this.counts[ms] as number;
      if (seen >= rank) return ms;
    }
    return this.maxMs;
  }
}

export const round1 = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);
