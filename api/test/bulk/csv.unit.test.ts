import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, toCsv } from '../../src/bulk/csv.ts';

describe('CSV', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, and skips blank lines', () => {
    const text = '\uFEFFa,b,c\r\n1,"Souper, vin","dit ""oui"""\r\n\r\n2,"deux\nlignes",\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'Souper, vin', 'dit "oui"'] },
      { line: 4, fields: ['2', 'deux\nlignes', ''] },
    ]);
  });

  it("takes a French spreadsheet's semicolons as the separator", () => {
    expect(parseCsv('lotNumber;nameFr;startingBid\n1;Panier, garni;25,50')).toEqual([
      { line: 1, fields: ['lotNumber', 'nameFr', 'startingBid'] },
      { line: 2, fields: ['1', 'Panier, garni', '25,50'] },
    ]);
  });

  it('writes UTF-8 with a byte order mark, quotes what needs it, and never a formula', () => {
    expect(toCsv(['name', 'amount'], [['Crème "brûlée", 2', 12.5]])).toBe(
      '\uFEFFname,amount\r\n"Crème ""brûlée"", 2",12.5\r\n',
    );
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('reads back what it writes', () => {
    const rows = [['Souper; "chic"', 'a\nb', '']];
    const parsed = parseCsv(toCsv(['x', 'y', 'z'], rows));
    expect(parsed.map((r) => r.fields)).toEqual([['x', 'y', 'z'], ...rows]);
  });
});
