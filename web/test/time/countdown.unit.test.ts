import { describe, expect, it } from 'vitest';
import { countdownParts } from '../../src/time/countdown.ts';

describe('countdown (spec 001 §4)', () => {
  it('runs from days to seconds and disappears at zero', () => {
    expect(countdownParts(90_061_000, 0)).toMatchObject({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(countdownParts(1000, 1000)).toBeNull();
    expect(countdownParts(500, 0)).toMatchObject({ seconds: 1 });
  });
});
