import { describe, expect, it } from 'vitest';
import { amountCentsOf } from '../../src/invoices/amountSearch.ts';

describe('an amount typed in the invoice search', () => {
  it('reads as English and French write it', () => {
    expect(amountCentsOf('57.49')).toBe(57_49);
    expect(amountCentsOf('57,49')).toBe(57_49);
    expect(amountCentsOf('57,49 $')).toBe(57_49);
    expect(amountCentsOf('$1,250.50')).toBe(1_250_50);
    expect(amountCentsOf('1 250,50 $')).toBe(1_250_50);
    expect(amountCentsOf('1\u00a0250,50\u00a0$')).toBe(1_250_50);
    expect(amountCentsOf('114')).toBe(114_00);
  });

  it('is no amount when the text is a name, a fraction of a cent, nothing or more than an invoice holds', () => {
    expect(amountCentsOf('57.4')).toBe(57_40);
    for (const text of ['Gala', '57.499', '0', '0.00', '', '$', '99999999999', '#12']) {
      expect(amountCentsOf(text)).toBeNull();
    }
  });
});
