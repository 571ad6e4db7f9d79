import type { LotImportAnswer, LotImportPreview, LotImportRow } from '@auction/contract';
import type { LotCommandHandler } from '@auction/engine';
import type { Db } from '@auction/platform';
import { HttpError } from '../errors.ts';
import { createLot } from '../operator/lotCreation.ts';
import type { OperatorLotRepository } from '../operator/operatorLotRepository.ts';
import type { ManagedAuction } from '../operator/operatorScope.ts';
import { parseCsv } from './csv.ts';
import { type CheckedFile, checkImportFile, type ImportReferences, nameKey } from './lotImportRows.ts';

/**
 * The CSV import of lots (docs/console.md "Bulk"). A row's lot is opened with the command id
 * `lot-import:<auction>:<lot number>`, whoever imports: importing the same file again, or a file
 * that repeats some lots, finds them already imported and creates nothing twice. A lot number the
 * auction already uses for a lot made otherwise is a problem of its row.
 */
export interface LotImport {
  preview(auction: ManagedAuction, csv: string): Promise<LotImportPreview>;
  /** Creates every new lot, or nothing while any row has a problem (422 `import_has_problems`). */
  run(auction: ManagedAuction, csv: string): Promise<LotImportAnswer & { createdLotIds: number[] }>;
}

export const importCommandId = (auctionId: number, lotNumber: number) => `lot-import:${auctionId}:${lotNumber}`;

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

  /** Each valid row's outcome: already imported (its command opened a lot), or its number taken by another lot. */
  async function check(
    auction: ManagedAuction,
    csv: string,
  ): Promise<{ file: CheckedFile; preview: LotImportPreview }> {
    const file = checkImportFile(parseCsv(csv), await references(auction));
    const numbers = file.rows.flatMap((row) => (row.lotNumber === null ? [] : [row.lotNumber]));
    const taken = new Map<number, number>();
    if (numbers.length > 0) {
      const rows = await db
        .selectFrom('lots')
        .select(['id', 'lot_number'])
        .where('auction_id', '=', auction.auctionId)
        .where('lot_number', 'in', numbers)
        .execute();
      for (const row of rows) taken.set(row.lot_number, row.id);
    }
    const imported = new Set<number>();
    for (const row of file.rows) {
      if (row.lotNumber === null || !taken.has(row.lotNumber)) continue;
      const openedBy = await deps.lots.openedBy(importCommandId(auction.auctionId, row.lotNumber));
      if (openedBy !== null) imported.add(row.lotNumber);
      else {
        row.problems.push({ column: 'lotNumber', key: 'import_lot_number_taken' });
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

    async run(auction, csv) {
      const { file, preview } = await check(auction, csv);
      if (preview.fileProblems.length > 0 || preview.invalidCount > 0 || preview.rows.length === 0) {
        throw new HttpError(422, 'import_has_problems', { preview });
      }
      const createdLotIds: number[] = [];
      let alreadyImported = 0;
      for (const row of file.rows) {
        if (row.fields === null || row.lotNumber === null) continue;
        const outcome = await createLot(deps, auction, row.fields, importCommandId(auction.auctionId, row.lotNumber));
        if (outcome.created) createdLotIds.push(outcome.lotId);
        else alreadyImported++;
      }
      return { created: createdLotIds.length, alreadyImported, createdLotIds };
    },
  };
}
