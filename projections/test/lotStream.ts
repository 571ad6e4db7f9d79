import {
  decide,
  evolve,
  initialState,
  type LotCommand,
  type LotConfig,
  type LotState,
  type RecordedEvent,
} from '@auction/engine';
import {
  HOUR,
  lotCommands,
  MINUTE,
  fixedPriceConfig as testFixedPrice,
  lotConfig as testLot,
} from '@auction/engine/testing';
import { asLotEvent, byStanding, type LotRef, type LotRows, lotRowsFromStream, projectLotEvent } from '../src/index.ts';

export const NOW = Date.UTC(2026, 10, 21, 19, 0, 0);
export { HOUR, MINUTE };

/** The projections' lot is the engine's test lot ending an hour after NOW, in auction 1. */
const here = { lotId: '1', auctionId: '1', endsAt: NOW + HOUR, auctionEndsAt: NOW + 2 * HOUR };
export const lotConfig = (overrides: Partial<LotConfig> = {}) => testLot({ ...here, ...overrides });
export const fixedPriceConfig = (overrides: Partial<LotConfig> = {}) => testFixedPrice({ ...here, ...overrides });

/** The extension rule the projection tests read: a bid in the last 5 minutes adds 2, at most 10 in all. */
export const EXTENDING = {
  allowsTimeExtension: true,
  extensionDurationInMinutes: 2,
  extensionDurationMaximumMinutes: 10,
  minutesLeftBeforeAllowingExtension: 5,
} as const satisfies Partial<LotConfig>;

/** Lot commands with generated ids, made at NOW unless told otherwise. */
export const command = lotCommands({ at: NOW, openAt: NOW - HOUR, closeAt: NOW + HOUR, lot: lotConfig });

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

/** The read-model rows of `LOT` after every event of the stream: a stream that projects to nothing fails the test. */
export function projectedRows(lot: LotStream): LotRows {
  const rows = projectInMemory(LOT, lot.events);
  if (rows === null) throw new Error('the stream projected no rows');
  return rows;
}
