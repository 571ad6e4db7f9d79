import { decide, evolve, initialState, type LotCommand, type LotState } from '../lot/index.ts';
import { parseMoney } from '../money.ts';
import { formatOutcome } from './format.ts';
import type { Scenario } from './parse.ts';
import type { CommandResult, ScenarioCommand, ScenarioOutcome } from './types.ts';

/** Who the scenario's administrative commands are made by, for the removal's audit trail. */
const ADMINISTRATOR = 'admin';

/**
 * Runs the commands through the lot decider in order. A repeated `id` is a retry: it gets the
 * first result, and the decider's own idempotency makes sure it appends nothing.
 */
export function runScenario(scenario: Scenario): ScenarioOutcome {
  const { commands, lot } = scenario;
  const opened = decide(initialState(), {
    type: 'OpenLot',
    commandId: 'scenario:open',
    userId: ADMINISTRATOR,
    at: commands[0]?.at ?? lot.endsAt,
    auctionActive: true,
    config: lot,
  });
  if (!opened.ok) throw new Error(`the lot could not open: ${opened.reason}`);
  let state: LotState = opened.events.reduce(evolve, initialState());

  const commandIds = commands.map(commandIdOf);
  const firstResults = new Map<string, CommandResult>();
  const results = commands.map((command, i): CommandResult => {
    const commandId = commandIdOf(command, i);
    const first = firstResults.get(commandId);
    // A refusal leaves nothing in the lot's state, so only the runner can remember it.
    if (first !== undefined && !first.accepted) return first;
    const decision = decide(state, toLotCommand(command, commandId, commandIds));
    if (!decision.ok) {
      const refused: CommandResult = { accepted: false, reason: decision.reason };
      firstResults.set(commandId, refused);
      return refused;
    }
    state = decision.events.reduce(evolve, state);
    firstResults.set(commandId, { accepted: true });
    return { accepted: true };
  });
  return formatOutcome(results, state);
}

/** The namespaces keep a file's own ids apart from the generated ones. */
function commandIdOf(command: ScenarioCommand, index: number): string {
  return command.id === undefined ? `scenario:${index}` : `id:${command.id}`;
}

function toLotCommand(command: ScenarioCommand, commandId: string, commandIds: readonly string[]): LotCommand {
  const envelope = { commandId, at: command.at, auctionActive: true };
  switch (command.type) {
    case 'bid':
      return {
        ...envelope,
        type: 'PlaceBid',
        userId: command.bidder,
        bidderId: command.bidder,
        amount: cents(command.amount),
      };
    case 'maxBid':
      return {
        ...envelope,
        type: 'PlaceMaxBid',
        userId: command.bidder,
        bidderId: command.bidder,
        maxAmount: cents(command.amount),
      };
    case 'deleteMax':
      return { ...envelope, type: 'DeleteMaxBid', userId: command.bidder, bidderId: command.bidder };
    case 'buy':
      return {
        ...envelope,
        type: 'BuyItem',
        userId: command.bidder,
        bidderId: command.bidder,
        quantity: command.quantity,
      };
    case 'removeBid':
      return {
        ...envelope,
        type: 'RemoveBid',
        userId: ADMINISTRATOR,
        // An index past the file names no command, which the engine reports as bid_not_found.
        sourceCommandId: commandIds[command.bid] ?? 'scenario:none',
        reason: `removed by the scenario's command`,
      };
    case 'close':
      return { ...envelope, type: 'CloseLot', userId: null };
    case 'closeNow':
      return { ...envelope, type: 'CloseLotEarly', userId: ADMINISTRATOR };
  }
}

/** NaN for text that is not an amount, so that the engine refuses it with invalid_amount in its usual order. */
function cents(amount: string): number {
  return parseMoney(amount) ?? Number.NaN;
}
