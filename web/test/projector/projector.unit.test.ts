import { describe, expect, it } from 'vitest';
import { LANGUAGE_PERIOD_MS, languageAt, thermometerOf } from '../../src/projector/projector.ts';

describe('the thermometer', () => {
  it('fills in proportion to the goal, the percentage rounded down', () => {
    expect(thermometerOf(1_234_500, 5_000_000)).toEqual({ fill: 24.69, percent: 24, reached: false });
  });

  it('stays full past the goal while the percentage keeps counting', () => {
    expect(thermometerOf(7_500_000, 5_000_000)).toEqual({ fill: 100, percent: 150, reached: true });
    expect(thermometerOf(5_000_000, 5_000_000).reached).toBe(true);
  });

  it('shows no percentage without a goal, and never a negative fill', () => {
    expect(thermometerOf(100_000, null)).toEqual({ fill: 0, percent: null, reached: false });
    expect(thermometerOf(-10, 1000)).toEqual({ fill: 0, percent: 0, reached: false });
  });
});

describe('the languages in turn', () => {
  it('changes language every period, the same on every screen', () => {
    const start = 1_000 * LANGUAGE_PERIOD_MS;
    expect(languageAt(['fr', 'en'], start)).toBe('fr');
    expect(languageAt(['fr', 'en'], start + LANGUAGE_PERIOD_MS - 1)).toBe('fr');
    expect(languageAt(['fr', 'en'], start + LANGUAGE_PERIOD_MS)).toBe('en');
    expect(languageAt(['fr', 'en'], start + 2 * LANGUAGE_PERIOD_MS)).toBe('fr');
  });

  it('keeps a one-language auction in its language, and has none without languages', () => {
    expect(languageAt(['en'], 123_456_789)).toBe('en');
    expect(languageAt([], 5)).toBeUndefined();
  });
});
