import type { LotConfig } from '@auction/engine';
import { lotIdOfStream } from '@auction/engine';
import type { Db } from '@auction/platform';
import { readLotConfig } from '../lots/lotConfig.ts';
import { lotItemDto } from '../lots/lotItemDto.ts';
import { findLot, lotQuery } from '../lots/lotRepository.ts';
import { saveLotDetails } from './lotDetails.ts';
import { type LotFields, lotColumns, PRICING_FIELDS } from './lotFields.ts';

export type OperatorLotDto = ReturnType<typeof lotItemDto>;
type LotOwner = { auctionId: number; organizationId: number };

/**
 * Lots as operators write them (issue 5 §4). The lot's stream in the engine is the truth for
 * everything the bidding rules read; the columns here mirror what the engine accepted (the
 * screens read them), and texts, photos, categories and team are reference data.
 */
export interface OperatorLotRepository {
  /** The lot as `GET /api/auction-lot-items/{id}` shows it to nobody in particular. */
  find(lotId: number): Promise<OperatorLotDto | undefined>;
  /** Every lot of the auction, hidden ones too, by lot number (the console's lot table). */
  listOf(auctionId: number): Promise<OperatorLotDto[]>;
  /** The lot a creation command opened, so a retried creation answers the same lot. */
  openedBy(commandId: string): Promise<number | null>;
  /** Saves a new lot's reference data; answers its id. */
  create(owner: LotOwner, fields: LotFields): Promise<number>;
  /** Removes a lot whose stream could not be opened (it would look biddable and refuse every bid). */
  remove(lotId: number): Promise<void>;
  /** The settings the rules copied into the stream at opening, with the lot's type. */
  settings(lotId: number): Promise<{ type: number; config: LotConfig }>;
  /**
   * One transaction for the reference data and the columns mirroring the engine: a refusal (a
   * category of another auction) comes before `engine` runs, and a refused or failed engine
   * command rolls it back. `engine` is given the lot's end after the change (the one given, or
   * its closing group's; null when neither).
   */
  edit(
    owner: LotOwner,
    lotId: number,
    fields: LotFields,
    engine: (newEnd: Date | null) => Promise<void>,
  ): Promise<void>;
  setHidden(lotId: number, hidden: boolean): Promise<void>;
  setEnd(lotId: number, endsAt: Date): Promise<void>;
}

export function operatorLotRepository(db: Db): OperatorLotRepository {
  return {
    async find(lotId) {
      const row = await findLot(db, lotId, null);
      return row && lotItemDto(row, new Date(), null);
    },
    async listOf(auctionId) {
      const rows = await lotQuery(db, null).where('l.auction_id', '=', auctionId).orderBy('l.lot_number').execute();
      const now = new Date();
      return rows.map((row) => lotItemDto(row, now, null));
    },
    async openedBy(commandId) {
      // The key row locates the command's first event (command_keys, migration 0013).
      const row = await db
        .selectFrom('command_keys as k')
        .innerJoin('events as e', (join) =>
          join.onRef('e.stream_id', '=', 'k.stream_id').onRef('e.stream_version', '=', 'k.first_version'),
        )
        .select('k.stream_id')
        .where('k.command_id', '=', commandId)
        .where('e.type', '=', 'LotOpened')
        .executeTakeFirst();
      return row ? Number(lotIdOfStream(row.stream_id)) : null;
    },
    async create(owner, fields) {
      const { lotId } = await db
        .transaction()
        .execute((trx) => saveLotDetails(trx as unknown as Db, owner, null, fields));
      return lotId;
    },
    async remove(lotId) {
      await db.deleteFrom('lots').where('id', '=', lotId).execute();
    },
    async settings(lotId) {
      const current = await db.selectFrom('lots').select('type').where('id', '=', lotId).executeTakeFirstOrThrow();
      return { type: current.type, config: await readLotConfig(db, lotId) };
    },
    async edit(owner, lotId, fields, engine) {
      await db.transaction().execute(async (trx) => {
        const { endsAt } = await saveLotDetails(trx as unknown as Db, owner, lotId, withoutEngineFields(fields));
        const newEnd = fields.dateCompleted ?? endsAt;
        await engine(newEnd);
        // Only texts, photos or team changed: no column mirrors the engine (an empty SET is an error).
        const mirrored = { ...engineColumns(fields), ...(newEnd ? { date_completed: newEnd } : {}) };
        if (Object.keys(mirrored).length) await trx.updateTable('lots').set(mirrored).where('id', '=', lotId).execute();
      });
    },
    async setHidden(lotId, hidden) {
      await db.updateTable('lots').set({ is_hidden: hidden }).where('id', '=', lotId).execute();
    },
    async setEnd(lotId, endsAt) {
      await db.updateTable('lots').set({ date_completed: endsAt }).where('id', '=', lotId).execute();
    },
  };
}

/** The fields saved as reference data directly; the others go through the engine first. */
function withoutEngineFields(fields: LotFields): LotFields {
  const { isHidden: _hidden, dateCompleted: _end, ...rest } = fields;
  for (const field of PRICING_FIELDS) delete rest[field];
  return rest;
}

/** The reference columns that mirror what the engine just accepted. */
function engineColumns(fields: LotFields) {
  const { startingBid, minimumIncrement, multiSalePrice, multiSaleQuantity, maxPerBidder, isHidden } = fields;
  return lotColumns({ startingBid, minimumIncrement, multiSalePrice, multiSaleQuantity, maxPerBidder, isHidden });
}
