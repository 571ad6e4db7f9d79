import type { LotEventType } from '@auction/engine';
import { sql } from 'kysely';

/**
 * Whether the stream of the lot aliased `l` in the query holds an event of this type, read from
 * the event store itself: whether a lot was sold on stage, or its sale corrected, is the stream's
 * fact, not a column of a read model.
 */
export const lotStreamHas = (type: LotEventType) =>
  sql<boolean>`EXISTS (SELECT 1 FROM events e WHERE e.stream_id = 'lot-' || l.id AND e.type = ${type})`;
