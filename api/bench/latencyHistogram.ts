/** Latencies in 0.1 ms buckets up to 10 s: cheap to record millions, cheap to merge across processes. */
const BUCKET_MS = 0.1;
const BUCKETS = 100_000;

export interface HistogramData {
  /** [bucket, count] pairs of the non-empty buckets. */
  pairs: Array<[number, number]>;
  max: number;
}

export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  total = 0;
  max = 0;

  record(ms: number): void {
    const bucket = Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)));
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total += 1;
    if (ms > this.max) this.max = ms;
  }

  add(data: HistogramData): void {
    for (const [bucket, n] of data.pairs) {
      this.counts[bucket] = (this.counts[bucket] ?? 0) + n;
      this.total += n;
    }
    this.max = Math.max(this.max, data.max);
  }

  /** The upper edge of the bucket holding the p-th percentile. */
  percentile(p: number): number {
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank) return (i + 1) * BUCKET_MS;
    }
    return Number.NaN;
  }

  data(): HistogramData {
    const pairs: Array<[number, number]> = [];
    this.counts.forEach((n, i) => {
      if (n > 0) pairs.push([i, n]);
    });
    return { pairs, max: this.max };
  }
}
