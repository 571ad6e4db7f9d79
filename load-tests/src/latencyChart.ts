import type { SecondWindow } from './bidDriver.ts';
import { type ChartSeries, lineChartSvg } from './chart.ts';
import type { LoadOptions } from './options.ts';
import { percentile, sortedCopy } from './stats.ts';

const BUCKETS = 12;

/**
 * Acknowledgement latency against the offered rate. Each second of the run offered some number
 * of bids (the ramp gives the low rates, the rest the target); seconds are grouped by that rate
 * into a dozen bands, and each band's point is the p50 and p99 of every answer to its bids.
 */
export function latencyChart(windows: readonly SecondWindow[], options: LoadOptions): string {
  const maxOffered = Math.max(1, ...windows.map((w) => w.offered));
  const bands = Array.from({ length: BUCKETS }, () => ({ seconds: 0, offered: 0, ackMs: [] as number[] }));
  for (const window of windows) {
    if (window.ackMs.length === 0) continue;
    const band = bands[Math.min(BUCKETS - 1, Math.floor((window.offered / maxOffered) * BUCKETS))] as (typeof bands)[0];
    band.seconds++;
    band.offered += window.offered;
    band.ackMs.push(...window.ackMs);
  }
  const p50: ChartSeries = { name: 'ack p50', points: [] };
  const p99: ChartSeries = { name: 'ack p99', points: [] };
  for (const band of bands) {
    if (band.ackMs.length < 10) continue;
    const sorted = sortedCopy(band.ackMs);
    const x = Math.round(band.offered / band.seconds);
    p50.points.push({ x, y: percentile(sorted, 0.5) ?? 0 });
    p99.points.push({ x, y: percentile(sorted, 0.99) ?? 0 });
  }
  return lineChartSvg([p50, p99], {
    title: `${options.scenario}: acknowledgement latency against offered rate (${options.apiProcesses} API process${options.apiProcesses > 1 ? 'es' : ''})`,
    xLabel: 'bids offered per second (each point is one second of the run)',
    yLabel: 'ms',
    threshold: { y: 100, label: 'target p99 100 ms' },
  });
}
