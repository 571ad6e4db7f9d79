import { type AuditedEvent, eventHash, GENESIS_HASH } from './eventHash.ts';

/** An event as the log holds it: its content and the hash stored beside it. */
export interface LoggedEvent extends AuditedEvent {
  hash: string;
  globalPosition?: number;
}

/** What can have happened to a stored event since it was written. */
export type TamperKind = 'edited' | 'deleted' | 'inserted' | 'reordered';

export interface ChainProblem {
  kind: TamperKind;
  streamId: string;
  /** The version where the log departs from what was written. */
  streamVersion: number;
  globalPosition?: number;
  detail: string;
}

/** A head some checkpoint signed: the stream had this event at this version with this hash. */
export interface SignedHead {
  version: number;
  hash: string;
  checkpointId: string;
}

/** How far around a wrong event to look for the place it was written at (adjacent swaps and shifts). */
const REORDER_REACH = 3;

/**
 * The first place one stream's events (in stored version order) depart from their chain, or null.
 * Each hash is recomputed over the event's content and the stored hash before it, so an edit
 * breaks only its own link and is told apart from the rest:
 * - a gap in the versions is a deletion;
 * - an event whose hash matches its content at a nearby version was moved (reordered);
 * - an event whose stored hash is still vouched for (the next event chains on it, or a signed
 *   checkpoint names it) but no longer matches its content was edited;
 * - an event whose hash nothing vouches for (empty, or chaining to nothing) was inserted.
 * `signed` are the stream's heads as the checked checkpoints signed them, newest first: the stream
 * is held to every one (an event's hash must be the one each signed at its version), and events
 * cut off the end of the longest are deletions.
 */
export function checkStream(events: LoggedEvent[], signed: readonly SignedHead[] = []): ChainProblem | null {
  const signedAt = (version: number) => signed.filter((head) => head.version === version);
  let previous = GENESIS_HASH;
  let expected = 1;
  for (const [i, event] of events.entries()) {
    const at = (kind: TamperKind, streamVersion: number, detail: string): ChainProblem => ({
      kind,
      streamId: event.streamId,
      streamVersion,
      ...(event.globalPosition !== undefined ? { globalPosition: event.globalPosition } : {}),
      detail,
    });
    if (event.streamVersion !== expected) {
      return at('deleted', expected, `version ${expected} is missing: the stream goes on at ${event.streamVersion}`);
    }
    if (event.hash === '') return at('inserted', expected, 'it has no hash: it was written behind the store');
    if (eventHash(event, previous) !== event.hash) {
      const moved = originalVersion(events, i);
      if (moved !== null) return at('reordered', expected, `it was written as version ${moved}`);
      const next = events[i + 1];
      const vouched =
        (next !== undefined && next.streamVersion === expected + 1 && eventHash(next, event.hash) === next.hash) ||
        signedAt(expected).some((head) => head.hash === event.hash);
      if (vouched) return at('edited', expected, 'its content no longer matches its hash, which the chain vouches for');
      return at('inserted', expected, 'its hash chains to nothing written by the store');
    }
    const differs = signedAt(expected).find((head) => head.hash !== event.hash);
    if (differs)
      return at('edited', expected, `its hash differs from the one checkpoint ${differs.checkpointId} signed`);
    previous = event.hash;
    expected++;
  }
  const longest = signed.reduce<SignedHead | undefined>((a, b) => (a && a.version >= b.version ? a : b), undefined);
  if (longest && longest.version >= expected) {
    const last = events[events.length - 1];
    return {
      kind: 'deleted',
      streamId: last?.streamId ?? '',
      streamVersion: expected,
      detail: `checkpoint ${longest.checkpointId} signed version ${longest.version}; the stream ends at ${expected - 1}`,
    };
  }
  return null;
}

/**
 * The version an event's hash says it was written at: its content hashed at a nearby version on a
 * nearby event's hash (or the genesis) gives back its stored hash. Both may have moved, so every
 * pair within reach is tried; it runs only on the first broken link.
 */
function originalVersion(events: LoggedEvent[], i: number): number | null {
  const event = events[i] as LoggedEvent;
  const predecessors = [GENESIS_HASH];
  for (let k = Math.max(0, i - REORDER_REACH - 1); k <= Math.min(events.length - 1, i + REORDER_REACH); k++) {
    if (k !== i) predecessors.push((events[k] as LoggedEvent).hash);
  }
  for (
    let version = Math.max(1, event.streamVersion - REORDER_REACH);
    version <= event.streamVersion + REORDER_REACH;
    version++
  ) {
    if (version === event.streamVersion) continue;
    for (const previous of predecessors) {
      if (eventHash({ ...event, streamVersion: version }, previous) === event.hash) return version;
    }
  }
  return null;
}
