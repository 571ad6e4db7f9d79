import {
  type LotCommand,
  type LotCommandHandler,
  type LotState,
  lotStreamId,
  type RecordedEvent,
  standingSummary,
} from '@auction/engine';
import { HttpError } from '../errors.ts';
import { toMoney } from '../money.ts';

/** Refusals that say the request was wrong (400) or named nothing (404); the others are the lot's state (409). */
const STATUS_OF_REFUSAL: Record<string, number> = {
  invalid_amount: 400,
  invalid_quantity: 400,
  invalid_date: 400,
  bid_not_found: 404,
  lot_not_opened: 404,
  // The same idempotency key with another request (Stripe's answer).
  idempotency_key_reused: 422,
};

/**
 * The one path of every operator command on a lot: the engine decides at the server's time and
 * the answer is the committed state, not the read model, which may lag by a moment.
 */
export async function runLotCommand(lotCommands: LotCommandHandler, lotId: number, command: LotCommand) {
  const outcome = await lotCommands.handle(lotStreamId(lotId), command);
  if (!outcome.ok) throw new HttpError(STATUS_OF_REFUSAL[outcome.reason] ?? 409, outcome.reason);
  return lotCommandAnswer(lotId, outcome.state as LotState, outcome.version, outcome.events, outcome.duplicate);
}

export function lotCommandAnswer(
  lotId: number,
  state: LotState,
  version: number,
  events: RecordedEvent[],
  duplicate: boolean,
) {
  const s = standingSummary(state);
  return {
    auctionLotItemId: lotId,
    streamVersion: version,
    /** True when the command id had been seen: nothing new was appended. */
    duplicate,
    events: events.map((e) => ({ type: e.type, version: e.streamVersion, data: e.data })),
    status: s.lotStatus,
    isHidden: s.hidden,
    price: toMoney(s.price),
    leaderUserId: s.leaderId,
    winnerUserId: s.winnerId,
    bidCount: s.bidCount,
    dateCompleted: new Date(s.endsAt).toISOString(),
    initialDateCompleted: new Date(s.initialEndsAt).toISOString(),
    soldQuantity: s.sold,
    remainingQuantity: s.remaining,
  };
}
