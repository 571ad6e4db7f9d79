/**
 * CSV as spreadsheet programs read and write it (RFC 4180): fields quoted when they hold the
 * separator, a quote or a line break, quotes doubled inside. French spreadsheets write `;` between
 * fields, so a file's separator is taken from its header line.
 */

const BOM = '\uFEFF';

/** The separator of a file: `;` when its first line has more of them than commas. */
export function separatorOf(text: string): ',' | ';' {
  const firstLine = text.replace(BOM, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The file's records, each a list of fields; blank lines are dropped. Each record keeps its first line number. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const separator = separatorOf(input);
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as string;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === separator) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
    }
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** One field, quoted when it must be; a leading =, +, - or @ is prefixed so a spreadsheet never runs it as a formula. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: UTF-8 with a byte order mark (so spreadsheet programs read accents right), CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map((v) => csvField(v as string)).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
