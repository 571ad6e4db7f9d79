import type { RefusalReason } from '../lot/index.ts';

/** Amounts stay as written: one that is not a positive amount is a refusal for the engine to give, not a malformed file. */
export type ScenarioCommand = { at: number; id?: string } & (
  | { type: 'bid'; bidder: string; amount: string }
  | { type: 'maxBid'; bidder: string; amount: string }
  | { type: 'deleteMax'; bidder: string }
  | { type: 'buy'; bidder: string; quantity: number }
  /** `bid` is the 0-based index of the command whose bid (or max) is removed. */
  | { type: 'removeBid'; bid: number }
  | { type: 'close' }
  | { type: 'closeNow' }
);

export type ScenarioCommandType = ScenarioCommand['type'];

export type CommandResult = { accepted: true } | { accepted: false; reason: RefusalReason };

export type ScenarioBid = { bidder: string; amount: string; isAutoBid: boolean };

export type ScenarioOutcome = {
  results: CommandResult[];
  final: {
    lotStatus: number;
    price: string | null;
    leader: string | null;
    winner: string | null;
    endsAt: string;
    sold: number;
    bids: ScenarioBid[];
  };
};
