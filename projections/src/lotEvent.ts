import type { LotEvent, RecordedEvent } from '@auction/engine';

/** A lot event as the store recorded it: the engine's event plus its place in the stream. */
export type LotRecordedEvent = LotEvent & Pick<RecordedEvent, 'streamId' | 'streamVersion' | 'globalPosition'>;

/** The store keeps events untyped; a lot stream only ever holds what the lot decider produced. */
export function asLotEvent(recorded: RecordedEvent): LotRecordedEvent {
  return recorded as unknown as LotRecordedEvent;
}
