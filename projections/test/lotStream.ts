import {
  type CommandEnvelope,
  decide,
  evolve,
  initialState,
  type LotCommand,
  type LotConfig,
  type LotState,
  type RecordedEvent,
} from '@auction/engine';
import { asLotEvent, byStanding, type LotRef, type LotRows, lotRowsFromStream, projectLotEvent } from '../src/index.ts';

export const NOW = Date.UTC(2026, 10, 21, 19, 0, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Starting bid 10.00, increment 1.00, proxy bidding, ending an hour after NOW. */
export function lotConfig(overrides: Partial<LotConfig> = {}): LotConfig {
  return {
    lotId: '1',
    auctionId: '1',
    type: 'bidding',
    startingBid: 10_00,
    minimumIncrement: 1_00,
    allowProxyBidding: true,
    endsAt: NOW + HOUR,
    auctionEndsAt: NOW + 2 * HOUR,
    allowsTimeExtension: false,
    extensionDurationInMinutes: 0,
    extensionDurationMaximumMinutes: 0,
    minutesLeftBeforeAllowingExtension: 0,
    multiSalePrice: null,
    multiSaleQuantity: null,
    maxPerBidder: null,
    ...overrides,
  };
}

export const fixedPriceConfig = (overrides: Partial<LotConfig> = {}) =>
  lotConfig({ type: 'fixedPrice', startingBid: null, multiSalePrice: 25_00, multiSaleQuantity: 10, ...overrides });

type Options = { id?: string; at?: number };
let generated = 0;
const envelope = (options: Options, userId: string | null): CommandEnvelope => ({
  commandId: options.id ?? `c${++generated}`,
  userId,
  at: options.at ?? NOW,
  auctionActive: true,
});

/** Lot commands with generated ids, made at NOW unless told otherwise. */
export const command = {
  open: (config = lotConfig(), o: Options = {}): LotCommand => ({
    ...envelope({ at: NOW - HOUR, ...o }, 'admin'),
    type: 'OpenLot',
    config,
  }),
  bid: (bidderId: string, amount: number, o: Options = {}): LotCommand => ({
    ...envelope(o, bidderId),
    type: 'PlaceBid',
    bidderId,
    amount,
  }),
  max: (bidderId: string, maxAmount: number, o: Options = {}): LotCommand => ({
    ...envelope(o, bidderId),
    type: 'PlaceMaxBid',
    bidderId,
    maxAmount,
  }),
  deleteMax: (bidderId: string, o: Options = {}): LotCommand => ({
    ...envelope(o, bidderId),
    type: 'DeleteMaxBid',
    bidderId,
  }),
  buy: (bidderId: string, quantity: number, o: Options = {}): LotCommand => ({
    ...envelope(o, bidderId),
    type: 'BuyItem',
    bidderId,
    quantity,
  }),
  remove: (sourceCommandId: string, o: Options = {}): LotCommand => ({
    ...envelope(o, 'admin'),
    type: 'RemoveBid',
    sourceCommandId,
    reason: 'shill bidding',
  }),
  close: (o: Options = {}): LotCommand => ({ ...envelope({ at: NOW + HOUR, ...o }, null), type: 'CloseLot' }),
  closeEarly: (o: Options = {}): LotCommand => ({ ...envelope(o, 'admin'), type: 'CloseLotEarly' }),
  hide: (o: Options = {}): LotCommand => ({ ...envelope(o, 'admin'), type: 'HideLot' }),
  show: (o: Options = {}): LotCommand => ({ ...envelope(o, 'admin'), type: 'ShowLot' }),
  reschedule: (endsAt: number, o: Options = {}): LotCommand => ({
    ...envelope(o, 'admin'),
    type: 'RescheduleLot',
    endsAt,
  }),
  reprice: (fields: { startingBid?: number | null; minimumIncrement?: number }, o: Options = {}): LotCommand => ({
    ...envelope(o, 'admin'),
    type: 'RepriceLot',
    ...fields,
  }),
};

/** A lot's stream in memory, written through the engine's decider as the command handler would. */
export class LotStream {
  state: LotState = initialState();
  readonly events: RecordedEvent[] = [];

  constructor(readonly streamId = 'lot-1') {}

  /** The events the command appended; throws on a refusal. */
  run(cmd: LotCommand): RecordedEvent[] {
    const appended = this.tryRun(cmd);
    if (appended === null) throw new Error(`${cmd.type} refused: ${decideReason(this.state, cmd)}`);
    return appended;
  }

  /** Null on a refusal, as the property test sends commands that may not be valid. */
  tryRun(cmd: LotCommand): RecordedEvent[] | null {
    const decision = decide(this.state, cmd);
    if (!decision.ok) return null;
    const appended = decision.events.map((event) => {
      this.state = evolve(this.state, event);
      const recorded: RecordedEvent = {
        ...event,
        streamId: this.streamId,
        streamVersion: this.events.length + 1,
        globalPosition: this.events.length + 1,
      };
      this.events.push(recorded);
      return recorded;
    });
    return appended;
  }
}

function decideReason(state: LotState, cmd: LotCommand): string {
  const decision = decide(state, cmd);
  return decision.ok ? 'ok' : decision.reason;
}

export const LOT: LotRef = { lotId: 1, auctionId: 7, lotNumber: 12, type: 1 };

/**
 * The pure projections folded in memory the way the PostgreSQL applier folds a batch: each event's
 * changes, or a replay of the stream up to it when the projection asks for one.
 */
export function projectInMemory(lot: LotRef, events: readonly RecordedEvent[], start: LotRows | null = null) {
  let rows: LotRows | null = start && structuredClone(start);
  for (const record of events) {
    const projection = projectLotEvent(rows?.view ?? null, lot, asLotEvent(record), record.streamVersion);
    if (projection.kind === 'skip') continue;
    if (projection.kind === 'replay') {
      rows = lotRowsFromStream(
        lot,
        events.filter((e) => e.streamVersion <= record.streamVersion),
      );
      continue;
    }
    const { view, bid, maxBid, purchase } = projection.changes;
    const current: LotRows = rows ?? { view, bids: [], maxBids: [], purchases: [] };
    current.view = view;
    if (bid) current.bids = [...current.bids.filter((b) => b.bidId !== bid.bidId), bid].sort(byStanding);
    if (maxBid) {
      current.maxBids = current.maxBids.filter((m) => m.bidderId !== maxBid.bidderId);
      if (maxBid.maxBid) current.maxBids.push(maxBid.maxBid);
    }
    if (purchase) current.purchases.push(purchase);
    rows = current;
  }
  return rows;
}
