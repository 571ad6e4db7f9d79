import { decide, evolve, initialState, type LotCommand } from '../lot/index.ts';
import type { RecordedEvent } from '../store/eventStore.ts';

/**
 * The events of commands that must all be accepted, numbered as the store records them in one
 * stream (the stream's only one, so positions equal versions). Throws on the first refusal.
 */
export function recordedEvents(streamId: string, commands: LotCommand[]): RecordedEvent[] {
  let state = initialState();
  const events: RecordedEvent[] = [];
  for (const command of commands) {
    const decision = decide(state, command);
    if (!decision.ok) throw new Error(`${command.type} ${command.commandId} refused: ${decision.reason}`);
    for (const event of decision.events) {
      state = evolve(state, event);
      events.push({ ...event, streamId, streamVersion: events.length + 1, globalPosition: events.length + 1 });
    }
  }
  return events;
}
