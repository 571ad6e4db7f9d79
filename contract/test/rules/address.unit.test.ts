import { describe, expect, it } from 'vitest';
import { isValidPostalCode, normalizePostalCode, provinceEnumOf, provinceNameOf } from '../../src/rules/address.ts';

describe('province matching (spec 000 §3)', () => {
  it('matches a province by its French or English name or abbreviation, without case or accents', () => {
    expect(provinceEnumOf('Québec')).toBe(11);
    expect(provinceEnumOf('quebec')).toBe(11);
    expect(provinceEnumOf('QC')).toBe(11);
    expect(provinceEnumOf('Colombie-Britannique')).toBe(2);
    expect(provinceEnumOf('British Columbia')).toBe(2);
    expect(provinceEnumOf('Île-du-Prince-Édouard')).toBe(10);
    expect(provinceEnumOf('Terre-Neuve-et-Labrador')).toBe(5);
  });
  it('gives 99 to anything else: a state, nothing, a near miss', () => {
    expect(provinceEnumOf('New York')).toBe(99);
    expect(provinceEnumOf('')).toBe(99);
    expect(provinceEnumOf(null)).toBe(99);
    expect(provinceEnumOf('Ontari')).toBe(99);
  });
  it('names a province in either language', () => {
    expect(provinceNameOf('qc', 'fr')).toBe('Québec');
    expect(provinceNameOf('QC', 'en')).toBe('Quebec');
    expect(provinceNameOf('NY', 'en')).toBeUndefined();
  });
});

describe('postal codes (spec 000 §5)', () => {
  it('takes A1A 1A1 with a space, a dash or nothing, and ZIP or ZIP+4', () => {
    for (const code of ['H1H 1H1', 'h1h-1h1', 'H1H1H1', '12345', '12345-6789'])
      expect(isValidPostalCode(code)).toBe(true);
    for (const code of ['H1H 1H', '1H1 H1H', 'H1H  1H1', '1234', '12345-678', ''])
      expect(isValidPostalCode(code)).toBe(false);
  });
  it('holds each country to its own format', () => {
    expect(isValidPostalCode('12345', 'CA')).toBe(false);
    expect(isValidPostalCode('H1H 1H1', 'US')).toBe(false);
    expect(isValidPostalCode('H1H 1H1', 'Canada')).toBe(true);
    expect(isValidPostalCode('12345-6789', 'États-Unis')).toBe(true);
  });
  it('writes a Canadian code upper-case with one space', () => {
    expect(normalizePostalCode(' h1h-1h1 ')).toBe('H1H 1H1');
  });
});
