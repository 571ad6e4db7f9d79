import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/bulk/csv.ts';
import { checkImportFile, importAmount } from '../../src/bulk/lotImportRows.ts';

const refs = {
  categories: new Map([['voyages', 11]]),
  closingGroups: new Map([['groupe a', 21]]),
  teams: new Map([['les bleus', 31]]),
};
const check = (text: string) => checkImportFile(parseCsv(text), refs);
const HEADER = 'lotNumber,type,nameFr,nameEn,startingBid,minimumIncrement,category,closingGroup,team,dateCompleted';

describe('the lot import rows', () => {
  it('turns a good row into the lot creation fields, references found by name in any case', () => {
    const { rows, fileProblems } = check(
      `${HEADER}\n7,live,Séjour au chalet,Cottage stay,"1 250,50",10,Voyages,Groupe A,LES BLEUS,`,
    );
    expect(fileProblems).toEqual([]);
    expect(rows[0]).toMatchObject({
      line: 2,
      lotNumber: 7,
      name: 'Séjour au chalet',
      problems: [],
      fields: {
        lotNumber: 7,
        type: 2,
        translations: { fr: { name: 'Séjour au chalet' }, en: { name: 'Cottage stay' } },
        startingBid: 125_050,
        minimumIncrement: 1_000,
        itemCategoryIds: [11],
        auctionClosingGroupId: 21,
        organizationTeamId: 31,
        isDonation: false,
      },
    });
  });

  it('lists every problem of every row: name, amounts, references, date, duplicates', () => {
    const { rows } = check(
      [
        HEADER,
        '1,,,,abc,0,Inconnue,Groupe Z,Rouges,demain',
        '2,auction,Vase,,10,1,,,,2026-12-05T21:00:00-05:00',
        '2,,Vase bis,,10,1,,,,2026-12-05 21:00',
        ',,Sans numéro,,10,1,,,,2026-12-05T21:00:00Z',
      ].join('\n'),
    );
    const keys = rows.map((row) => row.problems.map((p) => `${p.column}:${p.key}`));
    expect(keys[0]).toEqual([
      'nameFr:translation_required',
      'startingBid:invalid_amount',
      'minimumIncrement:invalid_amount',
      'category:category_not_found',
      'closingGroup:closing_group_not_found',
      'team:team_not_found',
      'dateCompleted:invalid_date',
    ]);
    expect(keys[1]).toEqual(['type:import_invalid_type', 'lotNumber:import_duplicate_lot_number']);
    expect(keys[2]).toEqual(['dateCompleted:invalid_date', 'lotNumber:import_duplicate_lot_number']);
    expect(keys[3]).toEqual(['lotNumber:import_lot_number_required']);
    expect(rows.every((row) => row.fields === null)).toBe(true);
  });

  it('needs an end unless the lot is in a closing group, and a price for its type', () => {
    const { rows } = check(`${HEADER},multiSalePrice\n3,,Panier,,,,,,,,\n4,fixed,Café,,,,,Groupe A,,,`);
    expect(rows[0]?.problems.map((p) => p.key)).toEqual(['import_starting_bid_required', 'date_completed_required']);
    expect(rows[1]?.problems.map((p) => p.key)).toEqual(['import_fixed_price_required']);
  });

  it("refuses a file without a header's required columns, or with an unknown column", () => {
    expect(check('').fileProblems).toEqual([{ column: null, key: 'import_file_empty' }]);
    expect(check('nameFr,prix\nVase,10').fileProblems).toEqual([
      { column: 'prix', key: 'import_unknown_column' },
      { column: 'lotNumber', key: 'import_missing_column' },
    ]);
  });

  it('reads amounts as people type them', () => {
    expect(importAmount('1250.50')).toBe(125_050);
    expect(importAmount('1 250,5 $')).toBe(125_050);
    expect(importAmount('1,250.50')).toBe(125_050);
    expect(importAmount('')).toBeUndefined();
    expect(importAmount('12.345')).toBeNull();
    expect(importAmount('-5')).toBeNull();
    // The platform's ceiling, as for every amount the API takes.
    expect(importAmount('10 000 000,00')).toBe(1_000_000_000);
    expect(importAmount('10 000 000,01')).toBeNull();
    expect(importAmount('99999999999999999999')).toBeNull();
  });
});
