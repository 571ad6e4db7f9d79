import { describe, expect, it } from 'vitest';
import { arrivalsBy, arrivalTime, rateAt } from '../src/arrivals.ts';

describe('arrivals', () => {
  const schedule = { startRate: 100, targetRate: 1000, rampSeconds: 10 };

  it('ramps linearly, then holds', () => {
    expect(rateAt(schedule, 0)).toBe(100);
    expect(rateAt(schedule, 5)).toBe(550);
    expect(rateAt(schedule, 20)).toBe(1000);
    expect(arrivalsBy(schedule, 10)).toBeCloseTo(5500);
    expect(arrivalsBy(schedule, 12)).toBeCloseTo(7500);
  });

  it('gives each arrival the time at which it is due (the inverse of the count)', () => {
    for (const n of [0, 10, 999, 5499, 5500, 9000]) {
      expect(arrivalsBy(schedule, arrivalTime(schedule, n))).toBeCloseTo(n + 1, 6);
    }
    const flat = { startRate: 50, targetRate: 50, rampSeconds: 4 };
    expect(arrivalTime(flat, 49)).toBeCloseTo(1);
    expect(arrivalTime(flat, 299)).toBeCloseTo(6);
  });
});
