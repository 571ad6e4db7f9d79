import { describe, expect, it } from 'vitest';
import { latencyBands, latencyChart } from '../src/latencyChart.ts';

describe('latency chart', () => {
  it('groups the seconds of a run by offered rate and takes each band’s percentiles', () => {
    const steady = (offered: number, ms: number) => ({ offered, ackMs: Array.from({ length: 20 }, () => ms) });
    const bands = latencyBands([
      steady(100, 5),
      steady(110, 7),
      steady(1200, 40),
      steady(1190, 60),
      { offered: 3, ackMs: [] },
    ]);
    expect(bands).toEqual([
      { offeredPerSecond: 105, p50Ms: 5, p99Ms: 7, acknowledged: 40 },
      { offeredPerSecond: 1195, p50Ms: 40, p99Ms: 60, acknowledged: 40 },
    ]);
    const svg = latencyChart([{ name: 'closing-minute, 1 API', bands }]);
    expect(svg).toContain('closing-minute, 1 API: p99');
    expect(svg.match(/<circle /g)).toHaveLength(4);
  });
});
