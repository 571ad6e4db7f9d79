import {
  LOT_IMPORT_COLUMNS,
  LOT_IMPORT_MAX_ROWS,
  type LotImportColumn,
  type LotImportProblem,
  MAX_AMOUNT_CENTS,
} from '@auction/contract';
import { type Cents, parseMoney } from '@auction/engine';
import type { LotFields } from '../operator/lotFields.ts';

/**
 * The import's rules, without I/O: a CSV file's records checked against the auction's categories,
 * closing groups and teams (by name, either language, any case) into the lot fields the operator
 * API's creation takes, or the problems of each row. Nothing here decides what already exists.
 */

/** Names to ids, keys lower-cased and trimmed. */
export interface ImportReferences {
  categories: ReadonlyMap<string, number>;
  closingGroups: ReadonlyMap<string, number>;
  teams: ReadonlyMap<string, number>;
}

export interface CheckedRow {
  line: number;
  lotNumber: number | null;
  name: string;
  fields: LotFields | null;
  problems: LotImportProblem[];
}

export interface CheckedFile {
  rows: CheckedRow[];
  fileProblems: LotImportProblem[];
}

const TYPES: Record<string, 1 | 2 | 3> = {
  '1': 1,
  silent: 1,
  silencieux: 1,
  '2': 2,
  live: 2,
  criée: 2,
  criee: 2,
  '3': 3,
  fixed: 3,
  'fixed price': 3,
  'prix fixe': 3,
};
const YES = new Set(['yes', 'oui', 'true', 'vrai', '1', 'x']);
const NO = new Set(['', 'no', 'non', 'false', 'faux', '0']);

export const nameKey = (name: string) => name.trim().toLocaleLowerCase('fr');

/**
 * "1250.50", "1 250,50", "1,250.50 $": cents; null for anything else, or above the platform's
 * ceiling (as every amount the API takes), undefined when empty.
 */
export function importAmount(text: string): Cents | null | undefined {
  let cleaned = text.replace(/[\s\u00a0\u202f$]/g, '');
  if (cleaned === '') return undefined;
  if (/,\d{1,2}$/.test(cleaned) && !cleaned.includes('.')) cleaned = cleaned.replace(/,(\d{1,2})$/, '.$1');
  cleaned = cleaned.replaceAll(',', '');
  const cents = /^\d+(\.\d{1,2})?$/.test(cleaned) ? parseMoney(cleaned) : null;
  return cents !== null && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** A whole number from `min`; null when it is not one, undefined when empty. */
function importCount(text: string, min: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n >= min && n <= 1_000_000 ? n : null;
}

/** An ISO 8601 time with its zone; without a zone the time would be a guess, so it is refused. */
function importDate(text: string): Date | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(trimmed)) return null;
  const date = new Date(trimmed.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The header's columns by position; unknown columns are a problem of the file. */
function columnsOf(header: string[]): { columns: (LotImportColumn | null)[]; problems: LotImportProblem[] } {
  const known = new Map(LOT_IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const problems: LotImportProblem[] = [];
  const columns = header.map((raw) => {
    const column = known.get(raw.trim().toLowerCase()) ?? null;
    if (column === null && raw.trim() !== '') problems.push({ column: raw.trim(), key: 'import_unknown_column' });
    return column;
  });
  if (!columns.includes('lotNumber')) problems.push({ column: 'lotNumber', key: 'import_missing_column' });
  if (!columns.includes('nameFr') && !columns.includes('nameEn')) {
    problems.push({ column: 'nameFr', key: 'import_missing_column' });
  }
  return { columns, problems };
}

/** Every record after the header, checked on its own, then lot numbers repeated in the file. */
export function checkImportFile(records: { line: number; fields: string[] }[], refs: ImportReferences): CheckedFile {
  const [header, ...rest] = records;
  if (header === undefined) return { rows: [], fileProblems: [{ column: null, key: 'import_file_empty' }] };
  const { columns, problems: fileProblems } = columnsOf(header.fields);
  if (fileProblems.length > 0) return { rows: [], fileProblems };
  if (rest.length > LOT_IMPORT_MAX_ROWS)
    return { rows: [], fileProblems: [{ column: null, key: 'import_too_many_rows' }] };
  const rows = rest.map((record) => {
    const cells: Partial<Record<LotImportColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column) cells[column] = (record.fields[i] ?? '').trim();
    });
    return checkRow(record.line, cells, refs);
  });
  const seen = new Map<number, number>();
  for (const row of rows) {
    if (row.lotNumber === null) continue;
    seen.set(row.lotNumber, (seen.get(row.lotNumber) ?? 0) + 1);
  }
  for (const row of rows) {
    if (row.lotNumber !== null && (seen.get(row.lotNumber) ?? 0) > 1) {
      row.problems.push({ column: 'lotNumber', key: 'import_duplicate_lot_number' });
      row.fields = null;
    }
  }
  return { rows, fileProblems };
}

function checkRow(line: number, cells: Partial<Record<LotImportColumn, string>>, refs: ImportReferences): CheckedRow {
  const problems: LotImportProblem[] = [];
  const problem = (column: LotImportColumn, key: string) => problems.push({ column, key });
  const cell = (column: LotImportColumn) => cells[column] ?? '';

  const lotNumber = importCount(cell('lotNumber'), 1);
  if (lotNumber === undefined) problem('lotNumber', 'import_lot_number_required');
  else if (lotNumber === null) problem('lotNumber', 'import_invalid_lot_number');

  const typeText = nameKey(cell('type'));
  const type = typeText === '' ? 1 : TYPES[typeText];
  if (type === undefined) problem('type', 'import_invalid_type');

  const nameFr = cell('nameFr');
  const nameEn = cell('nameEn');
  if (nameFr === '' && nameEn === '') problem('nameFr', 'translation_required');
  for (const [column, text] of [
    ['nameFr', nameFr],
    ['nameEn', nameEn],
  ] as const) {
    if (text.length > 300) problem(column, 'import_text_too_long');
  }

  const amounts: Partial<Record<'startingBid' | 'minimumIncrement' | 'valuation' | 'multiSalePrice', Cents>> = {};
  for (const column of ['startingBid', 'minimumIncrement', 'valuation', 'multiSalePrice'] as const) {
    const cents = importAmount(cell(column));
    if (cents === null || cents === 0) problem(column, 'invalid_amount');
    else if (cents !== undefined) amounts[column] = cents;
  }
  // A price typed wrong is already a problem; only a missing one is reported as missing.
  if (type === 3 && cell('multiSalePrice') === '') problem('multiSalePrice', 'import_fixed_price_required');
  if (type !== 3 && type !== undefined && cell('startingBid') === '')
    problem('startingBid', 'import_starting_bid_required');

  const counts: Partial<Record<'multiSaleQuantity' | 'maxPerBidder', number>> = {};
  for (const column of ['multiSaleQuantity', 'maxPerBidder'] as const) {
    const n = importCount(cell(column), 1);
    if (n === null) problem(column, 'invalid_quantity');
    else if (n !== undefined) counts[column] = n;
  }

  const reference = (column: 'category' | 'closingGroup' | 'team', map: ReadonlyMap<string, number>, key: string) => {
    const text = cell(column);
    if (text === '') return undefined;
    const id = map.get(nameKey(text));
    if (id === undefined) problem(column, key);
    return id;
  };
  const categoryId = reference('category', refs.categories, 'category_not_found');
  const closingGroupId = reference('closingGroup', refs.closingGroups, 'closing_group_not_found');
  const teamId = reference('team', refs.teams, 'team_not_found');

  const dateCompleted = importDate(cell('dateCompleted'));
  if (dateCompleted === null) problem('dateCompleted', 'invalid_date');
  else if (dateCompleted === undefined && cell('closingGroup') === '')
    problem('dateCompleted', 'date_completed_required');

  const donationText = nameKey(cell('isDonation'));
  const isDonation = YES.has(donationText) ? true : NO.has(donationText) ? false : null;
  if (isDonation === null) problem('isDonation', 'import_invalid_yes_no');

  const offeredBy = cell('offeredBy');
  if (offeredBy.length > 300) problem('offeredBy', 'import_text_too_long');

  const name = nameFr || nameEn;
  if (problems.length > 0 || typeof lotNumber !== 'number' || type === undefined) {
    return { line, lotNumber: typeof lotNumber === 'number' ? lotNumber : null, name, fields: null, problems };
  }
  const translation = (text: string, description: string) =>
    text === '' ? undefined : { name: text, ...(description ? { description } : {}) };
  const fr = translation(nameFr, cell('descriptionFr'));
  const en = translation(nameEn, cell('descriptionEn'));
  const fields: LotFields = {
    lotNumber,
    type,
    translations: { ...(fr ? { fr } : {}), ...(en ? { en } : {}) },
    ...amounts,
    ...counts,
    isDonation: isDonation ?? false,
    ...(offeredBy ? { offeredBy } : {}),
    ...(categoryId !== undefined ? { itemCategoryIds: [categoryId] } : {}),
    ...(closingGroupId !== undefined ? { auctionClosingGroupId: closingGroupId } : {}),
    ...(teamId !== undefined ? { organizationTeamId: teamId } : {}),
    ...(dateCompleted ? { dateCompleted } : {}),
  };
  return { line, lotNumber, name, fields, problems };
}
