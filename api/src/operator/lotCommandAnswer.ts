import {
  type LotCommand,
  type LotCommandHandler,
  type LotState,
  lotStreamId,
  type RecordedEvent,
} from '@auction/engine';
import { lotStanding } from '../lots/lotStanding.ts';
import { refusalError } from '../lots/refusalStatus.ts';

/**
 * The one path of every operator command on a lot: the engine decides at the server's time and
 * the answer is the committed state, not the read model, which may lag by a moment.
 */
export async function runLotCommand(lotCommands: LotCommandHandler, lotId: number, command: LotCommand) {
  const outcome = await lotCommands.handle(lotStreamId(lotId), command);
  if (!outcome.ok) throw refusalError(outcome.reason);
  return lotCommandAnswer(lotId, outcome.state as LotState, outcome.version, outcome.events, outcome.duplicate);
}

export function lotCommandAnswer(
  lotId: number,
  state: LotState,
  version: number,
  events: RecordedEvent[],
  duplicate: boolean,
) {
  const { auctionLotItemId, lotStatus, ...standing } = lotStanding(lotId, state);
  return {
    auctionLotItemId,
    streamVersion: version,
    /** True when the command id had been seen: nothing new was appended. */
    duplicate,
    events: events.map((e) => ({ type: e.type, version: e.streamVersion, data: e.data })),
    status: lotStatus,
    ...standing,
  };
}
