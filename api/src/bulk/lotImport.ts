import type { LotImportAnswer, LotImportPreview, LotImportProblem, LotImportRow } from '@auction/contract';
import { type LotCommandHandler, lotIdOfStream } from '@auction/engine';
import type { Db } from '@auction/platform';
import { CONCURRENT_CHANGE, HttpError, isConcurrentChange } from '../errors.ts';
import { createLot } from '../operator/lotCreation.ts';
import type { OperatorLotRepository } from '../operator/operatorLotRepository.ts';
import type { ManagedAuction } from '../operator/operatorScope.ts';
import { parseCsv } from './csv.ts';
import { type CheckedFile, checkImportFile, type ImportReferences, nameKey } from './lotImportRows.ts';

/**
 * The CSV import of lots (docs/console.md "Bulk"). A row's lot is opened with the command id
 * `lot-import:<auction>:<lot number>`, whoever imports: importing the same file again, or a file
 * that repeats some lots, finds them already imported and creates nothing twice. A lot number the
 * auction already uses for a lot made otherwise is a problem of its row, and so is a number whose
 * command id already served a lot that no longer has it (importOutcome).
 */
export interface LotImport {
  preview(auction: ManagedAuction, csv: string): Promise<LotImportPreview>;
  /**
   * Creates every new lot, or nothing while any row has a problem (422 `import_has_problems`).
   * `announce` is given the lots created, also when a creation fails partway (a change made
   * meanwhile): those lots exist, so live clients hear of them, and the refusal says how many
   * were created before the row (`line`) that failed.
   */
  run(
    auction: ManagedAuction,
    csv: string,
    announce: (createdLotIds: readonly number[]) => Promise<void>,
  ): Promise<LotImportAnswer>;
}

export const importCommandId = (auctionId: number, lotNumber: number) => `lot-import:${auctionId}:${lotNumber}`;

/** What the auction holds already for a row's lot number. */
export interface ImportTrace {
  /**
   * The row's command id (`importCommandId`) was used before: the number the lot it opened has
   * now, or null when that lot is gone or was never opened (the engine refused it).
   */
  claimed: { lotNumber: number | null } | null;
  /** A lot of the auction has this number. */
  numberTaken: boolean;
}

/**
 * A valid row's outcome. Its command id names one lot for good (a retry finds it, another lot
 * with it is refused): when that lot now has another number, or none opened, the row could never
 * be created again, and counting it as imported could hide a new lot meant for the freed number.
 * So it is a problem the operator sees before anything is created (docs/console.md "Bulk").
 */
export function importOutcome(lotNumber: number, trace: ImportTrace): 'new' | 'imported' | LotImportProblem {
  if (trace.claimed !== null) {
    return trace.claimed.lotNumber === lotNumber
      ? 'imported'
      : { column: 'lotNumber', key: 'import_lot_number_changed' };
  }
  return trace.numberTaken ? { column: 'lotNumber', key: 'import_lot_number_taken' } : 'new';
}

/**
 * A creation that failed partway, with what was done before it: the refusal's own status and
 * key (a foreign key or unique violation as the error handler answers it), and `created`,
 * `alreadyImported` and the failing row's `line`. Anything else stays a server error.
 */
function interrupted(error: unknown, done: { created: number; alreadyImported: number; line: number }): unknown {
  if (error instanceof HttpError) return new HttpError(error.statusCode, error.message, { ...error.extra, ...done });
  if (isConcurrentChange(error)) return new HttpError(409, CONCURRENT_CHANGE, done);
  return error;
}

type Names = { en?: string; fr?: string } | null;

function byName(rows: { id: number; translations: unknown }[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) {
    const names = row.translations as Names;
    for (const name of [names?.fr, names?.en]) if (name) map.set(nameKey(name), row.id);
  }
  return map;
}

export function lotImport(deps: { db: Db; lots: OperatorLotRepository; lotCommands: LotCommandHandler }): LotImport {
  const { db } = deps;

  async function references(auction: ManagedAuction): Promise<ImportReferences> {
    const [categories, closingGroups, teams] = await Promise.all([
      db
        .selectFrom('item_categories')
        .select(['id', 'translations'])
        .where('auction_id', '=', auction.auctionId)
        .execute(),
      db
        .selectFrom('closing_groups')
        .select(['id', 'translations'])
        .where('auction_id', '=', auction.auctionId)
        .execute(),
      db
        .selectFrom('organization_teams')
        .select(['id', 'translations'])
        .where('organization_id', '=', auction.organizationId)
        .execute(),
    ]);
    return { categories: byName(categories), closingGroups: byName(closingGroups), teams: byName(teams) };
  }

  /** What the auction holds for each lot number: the lots numbered so, and the import command ids used. */
  async function traces(auction: ManagedAuction, numbers: number[]): Promise<Map<number, ImportTrace>> {
    const traced = new Map<number, ImportTrace>();
    if (numbers.length === 0) return traced;
    const commandIds = new Map(numbers.map((n) => [importCommandId(auction.auctionId, n), n]));
    // A key row locates its command's first event (command_keys, migration 0013); a refused
    // command has a key and no event.
    const keys = await db
      .selectFrom('command_keys as k')
      .leftJoin('events as e', (join) =>
        join.onRef('e.stream_id', '=', 'k.stream_id').onRef('e.stream_version', '=', 'k.first_version'),
      )
      .select(['k.command_id', 'k.stream_id', 'e.type'])
      .where('k.command_id', 'in', [...commandIds.keys()])
      .execute();
    const openedLots = keys.flatMap((key) => (key.type === 'LotOpened' ? [Number(lotIdOfStream(key.stream_id))] : []));
    const lots = await db
      .selectFrom('lots')
      .select(['id', 'lot_number'])
      .where('auction_id', '=', auction.auctionId)
      .where((eb) =>
        eb.or([eb('lot_number', 'in', numbers), ...(openedLots.length > 0 ? [eb('id', 'in', openedLots)] : [])]),
      )
      .execute();
    const numberOf = new Map(lots.map((lot) => [lot.id, lot.lot_number]));
    const taken = new Set(lots.map((lot) => lot.lot_number));
    const claimed = new Map<number, { lotNumber: number | null }>();
    for (const key of keys) {
      const lotId = key.type === 'LotOpened' ? Number(lotIdOfStream(key.stream_id)) : null;
      claimed.set(commandIds.get(key.command_id) as number, {
        lotNumber: lotId === null ? null : (numberOf.get(lotId) ?? null),
      });
    }
    for (const n of numbers) traced.set(n, { claimed: claimed.get(n) ?? null, numberTaken: taken.has(n) });
    return traced;
  }

  /** Each valid row's outcome (importOutcome): new, already imported, or a problem of its lot number. */
  async function check(
    auction: ManagedAuction,
    csv: string,
  ): Promise<{ file: CheckedFile; preview: LotImportPreview }> {
    const file = checkImportFile(parseCsv(csv), await references(auction));
    const numbers = [...new Set(file.rows.flatMap((row) => (row.lotNumber === null ? [] : [row.lotNumber])))];
    const traced = await traces(auction, numbers);
    const imported = new Set<number>();
    for (const row of file.rows) {
      const trace = row.lotNumber === null ? undefined : traced.get(row.lotNumber);
      if (row.lotNumber === null || trace === undefined) continue;
      const outcome = importOutcome(row.lotNumber, trace);
      if (outcome === 'imported') imported.add(row.lotNumber);
      else if (outcome !== 'new') {
        row.problems.push(outcome);
        row.fields = null;
      }
    }
    const rows: LotImportRow[] = file.rows.map((row) => ({
      line: row.line,
      lotNumber: row.lotNumber,
      name: row.name,
      outcome:
        row.problems.length > 0
          ? 'invalid'
          : row.lotNumber !== null && imported.has(row.lotNumber)
            ? 'imported'
            : 'new',
      problems: row.problems,
    }));
    const count = (outcome: LotImportRow['outcome']) => rows.filter((r) => r.outcome === outcome).length;
    return {
      file,
      preview: {
        rows,
        fileProblems: file.fileProblems,
        newCount: count('new'),
        importedCount: count('imported'),
        invalidCount: count('invalid'),
      },
    };
  }

  return {
    preview: async (auction, csv) => (await check(auction, csv)).preview,

    async run(auction, csv, announce) {
      const { file, preview } = await check(auction, csv);
      if (preview.fileProblems.length > 0 || preview.invalidCount > 0 || preview.rows.length === 0) {
        throw new HttpError(422, 'import_has_problems', { preview });
      }
      // One lot at a time, each its own reference rows and stream (the engine's append cannot join
      // a transaction here), so a change made since the check can still stop one partway.
      const createdLotIds: number[] = [];
      let alreadyImported = 0;
      try {
        for (const row of file.rows) {
          if (row.fields === null || row.lotNumber === null) continue;
          try {
            const commandId = importCommandId(auction.auctionId, row.lotNumber);
            const outcome = await createLot(deps, auction, row.fields, commandId);
            if (outcome.created) createdLotIds.push(outcome.lotId);
            else alreadyImported++;
          } catch (error) {
            throw interrupted(error, { created: createdLotIds.length, alreadyImported, line: row.line });
          }
        }
      } finally {
        await announce(createdLotIds);
      }
      return { created: createdLotIds.length, alreadyImported };
    },
  };
}
