import { z } from 'zod';
import { errorAnswers, idParams } from './common.ts';

/**
 * Lots imported from a CSV file (issue 19 §4, docs/console.md "Bulk"): the template's columns,
 * the preview listing every row's problems before anything is created, and the import itself,
 * which creates each lot through the operator API's lot creation with a command id derived from
 * the auction and the lot number, so importing the same file again creates nothing twice.
 */

/** The template's columns, in order; a file's header names them (any case, any order). */
export const LOT_IMPORT_COLUMNS = [
  'lotNumber',
  'type',
  'nameFr',
  'nameEn',
  'descriptionFr',
  'descriptionEn',
  'startingBid',
  'minimumIncrement',
  'valuation',
  'multiSalePrice',
  'multiSaleQuantity',
  'maxPerBidder',
  'category',
  'closingGroup',
  'team',
  'offeredBy',
  'dateCompleted',
  'isDonation',
] as const;
export type LotImportColumn = (typeof LOT_IMPORT_COLUMNS)[number];

/** The most rows one file may hold. */
export const LOT_IMPORT_MAX_ROWS = 1000;

/** The file's text, as read by the browser (UTF-8; a byte order mark is ignored). */
export const lotImportBody = z.strictObject({ csv: z.string().min(1, 'import_file_empty').max(2_000_000) });
export type LotImportBody = z.infer<typeof lotImportBody>;

export const lotImportProblem = z.object({ column: z.string().nullable(), key: z.string() });
export type LotImportProblem = z.infer<typeof lotImportProblem>;

export const lotImportRow = z.object({
  /** The file's line number (the header is line 1). */
  line: z.number(),
  lotNumber: z.number().nullable(),
  name: z.string(),
  /** `new`: will be created; `imported`: an import already created it (nothing happens); `invalid`: see problems. */
  outcome: z.enum(['new', 'imported', 'invalid']),
  problems: z.array(lotImportProblem),
});
export type LotImportRow = z.infer<typeof lotImportRow>;

export const lotImportPreview = z.object({
  rows: z.array(lotImportRow),
  /** Problems of the file itself (no header, an unknown column, too many rows). */
  fileProblems: z.array(lotImportProblem),
  newCount: z.number(),
  importedCount: z.number(),
  invalidCount: z.number(),
});
export type LotImportPreview = z.infer<typeof lotImportPreview>;

export const lotImportAnswer = z.object({ created: z.number(), alreadyImported: z.number() });
export type LotImportAnswer = z.infer<typeof lotImportAnswer>;

export const lotImportContract = {
  preview: {
    params: idParams,
    body: lotImportBody,
    response: { 200: lotImportPreview, ...errorAnswers(401, 403, 404) },
  },
  /**
   * Refused whole (422 `import_has_problems`, the preview in `preview`) while any row has a problem;
   * a change made meanwhile that stops it partway answers that row's refusal (400, 409) with
   * `created`, `alreadyImported` and the row's `line`.
   */
  import: {
    params: idParams,
    body: lotImportBody,
    response: { 200: lotImportAnswer, ...errorAnswers(400, 401, 403, 404, 409, 422) },
  },
};
