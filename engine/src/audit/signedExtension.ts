import { type ChainProblem, checkStream, type LoggedEvent } from './chainCheck.ts';
import { eventHash } from './eventHash.ts';
import type { StreamHead } from './merkle.ts';

/**
 * Whether one stream, as stored now, still extends the head a previous checkpoint signed: the
 * event at the signed version keeps the signed hash, and every event after it chains on the one
 * before with no gap. A stream no checkpoint signed yet is checked whole, from its first event.
 *
 * This is what a new checkpoint must check before it signs (auditLog.ts `takeCheckpoint`):
 * anyone who can write to PostgreSQL can edit an event and recompute every hash after it, since
 * the hashes need no secret. Only the signed heads tell that history apart from what was written,
 * and a checkpoint signing the current heads without this check would vouch for the rewrite.
 *
 * `events` are the stream's rows in version order from the signed version on (from 1 when
 * `signed` is undefined). Answers the departure found, or null.
 */
export function departureFromSigned(
  streamId: string,
  events: LoggedEvent[],
  signed: (StreamHead & { checkpointId: string }) | undefined,
): ChainProblem | null {
  if (!signed) return checkStream(events);
  const [first, ...after] = events;
  const at = (kind: ChainProblem['kind'], streamVersion: number, detail: string): ChainProblem => ({
    kind,
    streamId,
    streamVersion,
    detail,
  });
  if (first?.streamVersion !== signed.version) {
    return at(
      'deleted',
      signed.version,
      `checkpoint ${signed.checkpointId} signed version ${signed.version}; it is gone`,
    );
  }
  if (first.hash !== signed.hash) {
    return at('edited', signed.version, `its hash differs from the one checkpoint ${signed.checkpointId} signed`);
  }
  let previous = first;
  for (const event of after) {
    if (event.streamVersion !== previous.streamVersion + 1) {
      return at('deleted', previous.streamVersion + 1, `version ${previous.streamVersion + 1} is missing`);
    }
    if (eventHash(event, previous.hash) !== event.hash) {
      return at('edited', event.streamVersion, 'it does not chain on the event before it');
    }
    previous = event;
  }
  return null;
}
