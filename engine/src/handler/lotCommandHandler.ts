import { type LotCommand, type LotEvent, type LotState, lotDecider } from '../lot/index.ts';
import type { EventStore } from '../store/eventStore.ts';
import { CommandHandler, type CommandHandlerOptions } from './commandHandler.ts';

export type LotCommandHandler = CommandHandler<LotState, LotCommand, LotEvent>;

/** Each lot is one stream, `lot-<lotId>`. */
export const lotStreamId = (lotId: string | number) => `lot-${lotId}`;
export const lotIdOfStream = (streamId: string) => streamId.slice('lot-'.length);

export function createLotCommandHandler(store: EventStore, options?: CommandHandlerOptions): LotCommandHandler {
  return new CommandHandler<LotState, LotCommand, LotEvent>(store, lotDecider, options);
}
