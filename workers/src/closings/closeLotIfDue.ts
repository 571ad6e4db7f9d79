import { type LotCommandHandler, lotStreamId } from '@auction/engine';

export type CloseOutcome =
  | { kind: 'closed'; at: number; endsAt: number }
  | { kind: 'alreadyClosed' }
  /** The lot is open and ends at `endsAt`, later than now. */
  | { kind: 'notDue'; endsAt: number }
  /** No stream yet: nothing to close. */
  | { kind: 'notOpened' };

/**
 * The scheduled close through the engine, which alone decides: it refuses a close before the
 * lot's end (so a late extension always wins) and a second close. The state is caught up from the
 * stream first, so another process's extension or close is seen. The command id names the stream
 * version the close was decided at: two workers closing the same lot at the same version send the
 * same command and the engine appends it once; a close refused at a version is never retried at it.
 */
export async function closeLotIfDue(
  handler: LotCommandHandler,
  lotId: string | number,
  clock: () => number = Date.now,
): Promise<CloseOutcome> {
  const streamId = lotStreamId(lotId);
  const { state, version } = await handler.read(streamId);
  if (state.config === null) return { kind: 'notOpened' };
  if (state.lotStatus >= 3) return { kind: 'alreadyClosed' };
  const at = clock();
  if (at < state.endsAt) return { kind: 'notDue', endsAt: state.endsAt };
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
    return { kind: 'closed', at: closed.meta.at, endsAt: state.endsAt };
  }
  if (outcome.reason === 'item_closed') return { kind: 'alreadyClosed' };
  if (outcome.reason === 'lot_not_ended') {
    // A bid extended the lot between the read and the close.
    const fresh = await handler.read(streamId);
    if (fresh.state.lotStatus >= 3) return { kind: 'alreadyClosed' };
    return { kind: 'notDue', endsAt: fresh.state.endsAt };
  }
  throw new Error(`closing lot ${lotId} was refused: ${outcome.reason}`);
}
