import type { SecondWindow } from './bidDriver.ts';
import { type ChartSeries, lineChartSvg } from './chart.ts';
import { percentile, sortedCopy } from './stats.ts';

/** Acknowledgement latency at one offered rate: a band of seconds of a run that offered about as many bids. */
export interface LatencyBand {
  offeredPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  acknowledged: number;
}

const BANDS = 12;

/**
 * Each second of a run offered some number of bids (the ramp gives the low rates, the rest the
 * target); seconds are grouped by that rate into a dozen bands, and each band gets the p50 and p99
 * of every answer to its bids.
 */
export function latencyBands(windows: readonly SecondWindow[]): LatencyBand[] {
  const maxOffered = Math.max(1, ...windows.map((w) => w.offered));
  const bands = Array.from({ length: BANDS }, () => ({ seconds: 0, offered: 0, ackMs: [] as number[] }));
  for (const window of windows) {
    if (window.ackMs.length === 0) continue;
    const band = bands[Math.min(BANDS - 1, Math.floor((window.offered / maxOffered) * BANDS))] as (typeof bands)[0];
    band.seconds++;
    band.offered += window.offered;
    band.ackMs.push(...window.ackMs);
  }
  return bands
    .filter((band) => band.ackMs.length >= 10)
    .map((band) => {
      const sorted = sortedCopy(band.ackMs);
      return {
        offeredPerSecond: Math.round(band.offered / band.seconds),
        p50Ms: Math.round(percentile(sorted, 0.5) ?? 0),
        p99Ms: Math.round(percentile(sorted, 0.99) ?? 0),
        acknowledged: sorted.length,
      };
    });
}

/** Acknowledgement latency against offered rate, p50 and p99 per run, as an SVG document. */
export function latencyChart(runs: { name: string; bands: LatencyBand[] }[]): string {
  const series: ChartSeries[] = runs.flatMap((run, i) => [
    { name: `${run.name}: p50`, color: i, points: run.bands.map((b) => ({ x: b.offeredPerSecond, y: b.p50Ms })) },
    {
      name: `${run.name}: p99`,
      color: i,
      dashed: true,
      points: run.bands.map((b) => ({ x: b.offeredPerSecond, y: b.p99Ms })),
    },
  ]);
  return lineChartSvg(series, {
    title: 'Bid acknowledgement latency against offered rate',
    xLabel: 'bids offered per second (seconds of the runs grouped by their rate)',
    yLabel: 'ms (logarithmic)',
    logY: true,
    threshold: { y: 100, label: 'target: p99 ≤ 100 ms' },
  });
}
