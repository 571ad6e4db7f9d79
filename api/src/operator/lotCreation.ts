import { KEY_REUSED, type LotCommandHandler } from '@auction/engine';
import type { Db } from '@auction/platform';
import { HttpError } from '../errors.ts';
import { readLotConfig } from '../lots/lotConfig.ts';
import { runLotCommand } from './lotCommandAnswer.ts';
import type { LotFields } from './lotFields.ts';
import type { OperatorLotRepository } from './operatorLotRepository.ts';
import type { ManagedAuction } from './operatorScope.ts';

/**
 * Creating a lot, for the operator API's single creation and the CSV import alike: its reference
 * rows, then its stream opened in the engine (`OpenLot`), idempotent by the command id, and
 * hidden there too when it is created hidden. A retry with the same id finds the lot its first
 * call opened (and completes its hiding); the same id for another lot (another auction or lot
 * number) is refused (422 `idempotency_key_reused`) and creates nothing.
 */
export async function createLot(
  deps: { db: Db; lots: OperatorLotRepository; lotCommands: LotCommandHandler },
  owner: ManagedAuction,
  fields: LotFields,
  commandId: string,
): Promise<{ lotId: number; created: boolean }> {
  const { lots } = deps;
  const existing = await openedBefore(lots, owner, fields, commandId);
  if (existing !== null) {
    await hideIfCreatedHidden(deps.lotCommands, owner, fields, existing, commandId);
    return { lotId: existing, created: false };
  }
  if (!fields.translations) throw new HttpError(400, 'translation_required');

  const lotId = await lots.create(owner, fields);
  try {
    await runLotCommand(deps.lotCommands, lotId, {
      type: 'OpenLot',
      commandId,
      userId: owner.userId,
      at: Date.now(),
      auctionActive: owner.auctionActive,
      config: await readLotConfig(deps.db, lotId),
    });
  } catch (error) {
    // A lot whose stream could not be opened would look biddable and refuse every bid.
    await lots.remove(lotId);
    // The same command from another request opened its lot first (a retry racing the first): that
    // lot is the answer, as it would have been a moment later.
    if (error instanceof HttpError && error.message === KEY_REUSED) {
      const first = await openedBefore(lots, owner, fields, commandId);
      if (first !== null) {
        await hideIfCreatedHidden(deps.lotCommands, owner, fields, first, commandId);
        return { lotId: first, created: false };
      }
    }
    throw error;
  }
  await hideIfCreatedHidden(deps.lotCommands, owner, fields, lotId, commandId);
  return { lotId, created: true };
}

/**
 * A lot created hidden is hidden in the engine as an edit hides it (`HideLot`): every read takes
 * the engine's flag over the row's, and the engine refuses bids on a hidden lot (DESIGN.md §3.7),
 * so the row alone would leave the lot listed and biddable. Its command id derives from the
 * creation's, so a retry of the creation completes it once and never hides again a lot shown since.
 */
async function hideIfCreatedHidden(
  lotCommands: LotCommandHandler,
  owner: ManagedAuction,
  fields: LotFields,
  lotId: number,
  commandId: string,
): Promise<void> {
  if (fields.isHidden !== true) return;
  await runLotCommand(lotCommands, lotId, {
    type: 'HideLot',
    commandId: `${commandId}:hide`,
    userId: owner.userId,
    at: Date.now(),
    auctionActive: owner.auctionActive,
  });
}

/**
 * The lot this command opened already, or null: the same id for another lot (another auction or
 * lot number) is refused, 422 `idempotency_key_reused`.
 */
async function openedBefore(
  lots: OperatorLotRepository,
  owner: ManagedAuction,
  fields: LotFields,
  commandId: string,
): Promise<number | null> {
  const existing = await lots.openedBy(commandId);
  if (existing === null) return null;
  const first = await lots.find(existing);
  if (!first) throw new HttpError(404, 'item_not_found');
  const other =
    first.auctionId !== owner.auctionId || (fields.lotNumber !== undefined && first.lotNumber !== fields.lotNumber);
  if (other) throw new HttpError(422, KEY_REUSED);
  return existing;
}
