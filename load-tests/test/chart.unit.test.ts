import { describe, expect, it } from 'vitest';
import { lineChartSvg, powersOfTen, ticks } from '../src/chart.ts';

describe('chart', () => {
  it('picks round ticks', () => {
    expect(ticks(950)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(ticks(42)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(powersOfTen(14_000)).toEqual([1, 10, 100, 1000, 10_000, 100_000]);
  });

  it('draws every series with its legend as a standalone SVG', () => {
    const svg = lineChartSvg(
      [
        {
          name: 'ack p50',
          points: [
            { x: 100, y: 5 },
            { x: 2000, y: 20 },
          ],
        },
        { name: 'ack p99 <', points: [{ x: 100, y: 9 }] },
      ],
      { title: 't', xLabel: 'x', yLabel: 'ms', threshold: { y: 100, label: 'target' } },
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('ack p99 &lt;');
    expect(svg.match(/<circle /g)).toHaveLength(3);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});
