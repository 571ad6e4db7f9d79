import { describe, expect, it } from 'vitest';
import { centsToInput, parseAmount } from '../../src/lib/money.ts';

describe('amount fields', () => {
  it('show a decimal comma in French and a point in English', () => {
    expect(centsToInput(15_000, 'fr')).toBe('150,00');
    expect(centsToInput(15_000, 'en')).toBe('150.00');
    expect(centsToInput(125_050, 'fr')).toBe('1250,50');
  });
  it('read back what they show, in either language', () => {
    expect(parseAmount(centsToInput(15_050, 'fr'))).toBe(15_050);
    expect(parseAmount(centsToInput(15_050, 'en'))).toBe(15_050);
  });
});
