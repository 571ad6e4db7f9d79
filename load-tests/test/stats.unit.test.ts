import { describe, expect, it } from 'vitest';
import { MillisecondHistogram, percentile } from '../src/stats.ts';

describe('statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile([], 0.5)).toBeNull();
  });

  it('counts weighted samples per millisecond', () => {
    const histogram = new MillisecondHistogram(1000);
    histogram.add(10, 98);
    histogram.add(200, 1);
    histogram.add(5000, 1);
    histogram.add(-3, 0);
    expect(histogram.total).toBe(100);
    expect(histogram.percentile(0.5)).toBe(10);
    expect(histogram.percentile(0.99)).toBe(200);
    expect(histogram.percentile(1)).toBe(1000);
  });
});
