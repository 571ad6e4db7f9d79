import { describe, expect, it } from 'vitest';
import { importOutcome } from '../../src/bulk/lotImport.ts';

describe("a lot import row's outcome", () => {
  it('is new while neither its number nor its command id is used', () => {
    expect(importOutcome(10, { claimed: null, numberTaken: false })).toBe('new');
  });

  it('is already imported when its command id opened the lot that has its number', () => {
    expect(importOutcome(10, { claimed: { lotNumber: 10 }, numberTaken: true })).toBe('imported');
  });

  it('is a problem when a lot made otherwise has its number', () => {
    expect(importOutcome(10, { claimed: null, numberTaken: true })).toEqual({
      column: 'lotNumber',
      key: 'import_lot_number_taken',
    });
  });

  it('is a problem when its command id opened a lot renumbered since, or none, whoever has the number now', () => {
    for (const trace of [
      { claimed: { lotNumber: 20 }, numberTaken: false },
      { claimed: { lotNumber: 20 }, numberTaken: true },
      { claimed: { lotNumber: null }, numberTaken: false },
    ]) {
      expect(importOutcome(10, trace), JSON.stringify(trace)).toEqual({
        column: 'lotNumber',
        key: 'import_lot_number_changed',
      });
    }
  });
});
