// @vitest-environment jsdom
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { xlsxToCsv } from '../../../src/console/bulk/xlsxToCsv.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a workbook whose first sheet is `Lots` (sheet2.xml), as spreadsheet programs write them. */
function workbook(sheetData: string, shared: string[]): Uint8Array {
  return zipSync({
    'xl/workbook.xml': strToU8(
      `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Lots" sheetId="1" r:id="rId7"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Target="worksheets/sheet2.xml"/></Relationships>`,
    ),
    'xl/sharedStrings.xml': strToU8(
      `<sst xmlns="${MAIN}">${shared.map((s) => `<si><t xml:space="preserve">${s}</t></si>`).join('')}<si><r><t>Souper, </t></r><r><t>"chic"</t></r></si></sst>`,
    ),
    'xl/worksheets/sheet2.xml': strToU8(`<worksheet xmlns="${MAIN}"><sheetData>${sheetData}</sheetData></worksheet>`),
  });
}

describe('a spreadsheet read as CSV', () => {
  it("reads the first sheet's shared, rich and inline strings, numbers and gaps", () => {
    const bytes = workbook(
      [
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="s"><v>2</v></c></row>',
        '<row r="2"><c r="A2"><v>101</v></c><c r="B2" t="s"><v>3</v></c><c r="C2" t="inlineStr"><is><t>Chalet</t></is></c><c r="D2"><v>1250.5</v></c><c r="E2" t="b"><v>1</v></c></row>',
      ].join(''),
      ['lotNumber', 'nameFr', 'startingBid'],
    );
    expect(xlsxToCsv(bytes)).toBe('lotNumber,nameFr,,startingBid\r\n101,"Souper, ""chic""",Chalet,1250.5,yes');
  });

  it('refuses what is not a spreadsheet', () => {
    expect(() => xlsxToCsv(strToU8('lotNumber,nameFr'))).toThrow();
  });
});
