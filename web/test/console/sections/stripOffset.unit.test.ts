import { describe, expect, it } from 'vitest';
import { stripOffset } from '../../../src/console/sections/stripOffset.ts';

describe('the section tabs’ row on a phone', () => {
  // A 358 px row, as on a 390 px phone inside the page's margins.
  const row = { left: 16, right: 374 };

  it('does not move when the chosen tab stands wholly in view, or when the tabs wrap', () => {
    expect(stripOffset(row, { left: 16, right: 120 })).toBe(0);
    expect(stripOffset(row, { left: 250, right: 374 })).toBe(0);
  });

  it('brings a tab beyond the right edge in, its end a margin from the edge so the next one shows', () => {
    // 'Verification' at the row's far end: its end at 900 px ends 32 px inside the row.
    expect(stripOffset(row, { left: 800, right: 900 })).toBe(900 - 374 + 32);
  });

  it('brings a tab cut by the right edge in by just enough', () => {
    expect(stripOffset(row, { left: 330, right: 400 })).toBe(400 - 374 + 32);
  });

  it('brings a tab scrolled past on the left back, a margin from the row’s start', () => {
    expect(stripOffset(row, { left: -200, right: -100 })).toBe(-200 - 16 - 32);
  });

  it('shows the start of a tab wider than the row rather than its end', () => {
    expect(stripOffset(row, { left: 500, right: 1000 })).toBe(500 - 16);
  });
});
