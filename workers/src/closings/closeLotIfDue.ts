import { isClosed, type LotCommandHandler, type LotState, lotStreamId } from '@auction/engine';
import { closingLagSeconds } from '@auction/platform/metrics';

export type CloseOutcome =
  | { kind: 'closed'; at: number; endsAt: number }
  | { kind: 'alreadyClosed' }
  /** The lot is open and ends at `endsAt`, later than now. */
  | { kind: 'notDue'; endsAt: number }
  /** No stream yet: nothing to close. */
  | { kind: 'notOpened' };

/** The lot's state as read from its stream, and the stream version it was read at. */
export type LotSnapshot = { state: LotState; version: number };

/**
 * The scheduled close through the engine, which alone decides: it refuses a close before the
 * lot's end (so a late extension always wins) and a second close. The command id names the stream
 * version the close was decided at: two workers closing the same lot at the same version send the
 * same command and the engine appends it once; a close refused at a version is never retried at it.
 *
 * `snapshot` is a state read shortly before (while waiting for the end): the close is then sent
 * without reading again. If the stream moved meanwhile, the append conflicts and the engine decides
 * again on the caught-up state; a refusal from a stale state (a reschedule to an earlier end made by
 * another process) is checked against a fresh read.
 */
export async function closeLotIfDue(
  handler: LotCommandHandler,
  lotId: string | number,
  clock: () => number = Date.now,
  snapshot?: LotSnapshot,
): Promise<CloseOutcome> {
  const streamId = lotStreamId(lotId);
  let current = snapshot ?? (await handler.read(streamId));
  for (let attempt = 0; attempt < 2; attempt++) {
    const { state, version } = current;
    if (state.config === null) return { kind: 'notOpened' };
    if (isClosed(state)) return { kind: 'alreadyClosed' };
    const at = clock();
    if (at >= state.endsAt) {
      const outcome = await handler.handle(streamId, {
        type: 'CloseLot',
        commandId: `close:${lotId}:v${version}`,
        userId: null,
        at,
        // The close does not depend on the auction's status: the lot's end decides.
        auctionActive: true,
      });
      if (outcome.ok) {
        const closed = outcome.events.find((event) => event.type === 'LotClosed');
        if (outcome.duplicate || !closed) return { kind: 'alreadyClosed' };
        // From the lot's end to its close committed, whichever path (job, group, sweep) closed it.
        closingLagSeconds.observe(Math.max(0, clock() - outcome.state.endsAt) / 1000);
        return { kind: 'closed', at: closed.meta.at, endsAt: outcome.state.endsAt };
      }
      if (outcome.reason === 'item_closed') return { kind: 'alreadyClosed' };
      if (outcome.reason !== 'lot_not_ended') throw new Error(`closing lot ${lotId} was refused: ${outcome.reason}`);
    }
    // Not due as far as this state knows (or the engine saw a later end): look at the stream itself.
    const fresh = await handler.read(streamId);
    if (fresh.version === version) {
      return isClosed(fresh.state) ? { kind: 'alreadyClosed' } : { kind: 'notDue', endsAt: fresh.state.endsAt };
    }
    current = fresh;
  }
  const { state } = current;
  return isClosed(state) ? { kind: 'alreadyClosed' } : { kind: 'notDue', endsAt: state.endsAt };
}
