import { strFromU8, unzipSync } from 'fflate';

/**
 * A spreadsheet (.xlsx) read in the browser as the CSV text the import takes: the workbook's
 * first sheet, cell by cell (shared, inline and formula strings, numbers as written, TRUE/FALSE).
 * The sheet is a zip of XML parts (ECMA-376): fflate unzips it, the browser's DOMParser reads the
 * XML. A date cell holds a day number, not a time with its zone, so dates are typed as text.
 */
export function xlsxToCsv(bytes: Uint8Array): string {
  const files = unzipSync(bytes, { filter: (file) => file.name.startsWith('xl/') });
  const xml = (name: string) => {
    const file = files[name];
    return file ? new DOMParser().parseFromString(strFromU8(file), 'application/xml') : null;
  };
  const sheetPath = firstSheetPath(xml('xl/workbook.xml'), xml('xl/_rels/workbook.xml.rels'));
  const sheet = xml(sheetPath);
  if (sheet === null) throw new Error('no worksheet');
  const shared = [...(xml('xl/sharedStrings.xml')?.getElementsByTagName('si') ?? [])].map(textOf);
  const lines: string[] = [];
  for (const row of sheet.getElementsByTagName('row')) {
    const cells: string[] = [];
    for (const cell of row.getElementsByTagName('c')) {
      const column = columnIndex(cell.getAttribute('r') ?? '') ?? cells.length;
      while (cells.length < column) cells.push('');
      cells[column] = cellText(cell, shared);
    }
    lines.push(cells.map(quoted).join(','));
  }
  return lines.join('\r\n');
}

/** The first sheet's part, through the workbook's relationships; sheet1.xml when they say nothing. */
function firstSheetPath(workbook: Document | null, relations: Document | null): string {
  const id = workbook?.getElementsByTagName('sheet')[0]?.getAttribute('r:id');
  const target = [...(relations?.getElementsByTagName('Relationship') ?? [])]
    .find((r) => r.getAttribute('Id') === id)
    ?.getAttribute('Target');
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** "C12" → 2. */
function columnIndex(reference: string): number | null {
  const letters = /^[A-Z]+/.exec(reference)?.[0];
  if (!letters) return null;
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

/** A string item's text: its runs (`<t>`) joined, phonetic hints (`<rPh>`) left out. */
function textOf(item: Element): string {
  return [...item.getElementsByTagName('t')]
    .filter((t) => t.parentElement?.tagName !== 'rPh')
    .map((t) => t.textContent ?? '')
    .join('');
}

function cellText(cell: Element, shared: string[]): string {
  const type = cell.getAttribute('t');
  const value = cell.getElementsByTagName('v')[0]?.textContent ?? '';
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'inlineStr') {
    const inline = cell.getElementsByTagName('is')[0];
    return inline ? textOf(inline) : '';
  }
  if (type === 'b') return value === '1' ? 'yes' : 'no';
  return value;
}

const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
