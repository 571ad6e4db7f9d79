import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatTime } from '../../src/i18n/format.ts';

// Which space Intl puts in "1 234,50 $" or "19 h 05" (plain, no-break, narrow no-break) changes with
// the ICU version; the page never depends on which, so the tests do not either.
const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]/g, ' ');

describe('formatDate', () => {
  const date = '2026-03-07T23:30:00Z';

  it('writes MM/DD/YYYY in English and YYYY-MM-DD in French', () => {
    expect(formatDate(date, 'en', 'UTC')).toBe('03/07/2026');
    expect(formatDate(date, 'fr', 'UTC')).toBe('2026-03-07');
  });

  it('uses the calendar day of the given time zone', () => {
    expect(formatDate(date, 'fr', 'America/Toronto')).toBe('2026-03-07');
    expect(formatDate(date, 'fr', 'Asia/Tokyo')).toBe('2026-03-08');
  });

  it('accepts Date objects', () => {
    expect(formatDate(new Date(Date.UTC(2025, 11, 31, 12)), 'en', 'UTC')).toBe('12/31/2025');
  });
});

describe('formatTime', () => {
  it('uses each language’s clock', () => {
    expect(spaced(formatTime('2026-03-07T19:05:00Z', 'en', 'UTC'))).toBe('7:05 p.m.');
    expect(spaced(formatTime('2026-03-07T19:05:00Z', 'fr', 'UTC'))).toBe('19 h 05');
  });
});

describe('formatMoney', () => {
  it('formats CAD cents in English', () => {
    expect(formatMoney(123450, 'en')).toBe('$1,234.50');
    expect(formatMoney(5, 'en')).toBe('$0.05');
    expect(formatMoney(0, 'en')).toBe('$0.00');
  });

  it('formats CAD cents in French', () => {
    expect(spaced(formatMoney(123450, 'fr'))).toBe('1 234,50 $');
    expect(spaced(formatMoney(100000000, 'fr'))).toBe('1 000 000,00 $');
  });

  it('keeps the sign and every cent of large amounts', () => {
    expect(formatMoney(-250, 'en')).toBe('-$2.50');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'en')).toBe('$90,071,992,547,409.91');
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => formatMoney(12.5, 'en')).toThrow(RangeError);
  });
});
