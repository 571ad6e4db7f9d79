import type { CommandEnvelope, LotCommand, LotConfig } from '../lot/index.ts';
import { END, lotConfig, minutesBefore } from './lotConfig.ts';

/** The command of that type. */
type Of<T extends LotCommand['type']> = Extract<LotCommand, { type: T }>;

/** What a test may say about one command; everything else is the builders' default. */
export type CommandOptions = { id?: string; at?: number; auctionActive?: boolean; userId?: string | null };

/** What the builders assume unless told otherwise: when commands happen and which lot opens. */
export interface CommandDefaults {
  /** Bids, buys and administration. */
  at: number;
  /** The lot's opening. */
  openAt: number;
  /** The scheduled close. */
  closeAt: number;
  /** The lot `open()` opens. */
  lot: () => LotConfig;
}

let generated = 0;

/**
 * Lot command builders with generated ids. The defaults fit `lotConfig()`: commands an hour
 * before END, the opening a day before, the close at END; a workspace whose lots end elsewhere
 * passes its own times and lot.
 */
export function lotCommands(defaults: Partial<CommandDefaults> = {}) {
  const { at, openAt, closeAt, lot }: CommandDefaults = {
    at: minutesBefore(60),
    openAt: minutesBefore(24 * 60),
    closeAt: END,
    lot: lotConfig,
    ...defaults,
  };
  const envelope = (options: CommandOptions, userId: string | null, defaultAt = at): CommandEnvelope => ({
    commandId: options.id ?? `generated-${++generated}`,
    userId: options.userId === undefined ? userId : options.userId,
    at: options.at ?? defaultAt,
    auctionActive: options.auctionActive ?? true,
  });
  return {
    open: (config = lot(), options: CommandOptions = {}): Of<'OpenLot'> => ({
      ...envelope(options, 'admin', openAt),
      type: 'OpenLot',
      config,
    }),
    bid: (bidderId: string, amount: number, options: CommandOptions = {}): Of<'PlaceBid'> => ({
      ...envelope(options, bidderId),
      type: 'PlaceBid',
      bidderId,
      amount,
    }),
    max: (bidderId: string, maxAmount: number, options: CommandOptions = {}): Of<'PlaceMaxBid'> => ({
      ...envelope(options, bidderId),
      type: 'PlaceMaxBid',
      bidderId,
      maxAmount,
    }),
    deleteMax: (bidderId: string, options: CommandOptions = {}): Of<'DeleteMaxBid'> => ({
      ...envelope(options, bidderId),
      type: 'DeleteMaxBid',
      bidderId,
    }),
    buy: (bidderId: string, quantity: number, options: CommandOptions = {}): Of<'BuyItem'> => ({
      ...envelope(options, bidderId),
      type: 'BuyItem',
      bidderId,
      quantity,
    }),
    remove: (
      target: { bidId: string } | { sourceCommandId: string },
      options: CommandOptions = {},
    ): Of<'RemoveBid'> => ({
      ...envelope(options, 'admin'),
      type: 'RemoveBid',
      ...target,
      reason: 'shill bidding',
    }),
    close: (options: CommandOptions = {}): Of<'CloseLot'> => ({
      ...envelope(options, null, closeAt),
      type: 'CloseLot',
    }),
    closeEarly: (options: CommandOptions = {}): Of<'CloseLotEarly'> => ({
      ...envelope(options, 'admin'),
      type: 'CloseLotEarly',
    }),
    hide: (options: CommandOptions = {}): Of<'HideLot'> => ({ ...envelope(options, 'admin'), type: 'HideLot' }),
    show: (options: CommandOptions = {}): Of<'ShowLot'> => ({ ...envelope(options, 'admin'), type: 'ShowLot' }),
    reschedule: (endsAt: number, options: CommandOptions = {}): Of<'RescheduleLot'> => ({
      ...envelope(options, 'admin'),
      type: 'RescheduleLot',
      endsAt,
    }),
    /** A stage sale on a live lot; `live: false` says the lot's sale type is not Live. */
    liveSale: (
      bidderId: string,
      amount: number,
      options: CommandOptions & { live?: boolean } = {},
    ): Of<'RecordLiveSale'> => ({
      ...envelope(options, 'admin'),
      type: 'RecordLiveSale',
      bidderId,
      amount,
      live: options.live ?? true,
    }),
    /** The auction's end moved: the cap of the lot's extensions follows. */
    moveAuctionEnd: (auctionEndsAt: number | null, options: CommandOptions = {}): Of<'MoveAuctionEnd'> => ({
      ...envelope(options, null),
      type: 'MoveAuctionEnd',
      auctionEndsAt,
    }),
    /** A stage sale corrected to another winner or hammer price. */
    correctLiveSale: (
      bidderId: string,
      amount: number,
      options: CommandOptions & { reason?: string } = {},
    ): Of<'CorrectLiveSale'> => ({
      ...envelope(options, 'admin'),
      type: 'CorrectLiveSale',
      bidderId,
      amount,
      reason: options.reason ?? 'paddle misread',
    }),
    reprice: (
      fields: Omit<Of<'RepriceLot'>, 'type' | keyof CommandEnvelope>,
      options: CommandOptions = {},
    ): Of<'RepriceLot'> => ({
      ...envelope(options, 'admin'),
      type: 'RepriceLot',
      ...fields,
    }),
  };
}

/** The builders on the default clock. */
export const command = lotCommands();
