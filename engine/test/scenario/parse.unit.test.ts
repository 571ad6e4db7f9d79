import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/index.ts';
import { lotConfig } from '../../src/testing/index.ts';

const END = '2025-06-01T20:00:00Z';
const AT = '2025-06-01T19:00:00Z';

const errorOf = (input: unknown) => {
  const parsed = parseScenario(typeof input === 'string' ? input : JSON.stringify(input));
  return parsed.ok ? 'no error' : parsed.error;
};
const withLot = (lot: Record<string, unknown>) => ({ lot: { endsAt: END, ...lot }, commands: [] });
const withCommand = (command: Record<string, unknown>) => ({
  lot: { startingBid: '10.00', endsAt: END },
  commands: [{ type: 'bid', bidder: 'alice', amount: '10.00', at: AT }, command],
});

describe('reading a scenario', () => {
  it('fills the lot fields left out with their defaults', () => {
    const parsed = parseScenario(JSON.stringify({ lot: { endsAt: END }, commands: [] }));
    expect(parsed).toEqual({
      ok: true,
      scenario: {
        lot: lotConfig({ startingBid: null, endsAt: Date.UTC(2025, 5, 1, 20) }),
        commands: [],
      },
    });
  });

  it('gives a bidding lot without a starting bid no price (DESIGN.md §3 rule 7: starting bid missing)', () => {
    const startingBidOf = (lot: Record<string, unknown>) => {
      const parsed = parseScenario(JSON.stringify({ lot: { endsAt: END, ...lot }, commands: [] }));
      return parsed.ok ? parsed.scenario.lot.startingBid : parsed.error;
    };
    expect(startingBidOf({ minimumIncrement: '2.50' })).toBeNull();
    expect(startingBidOf({ startingBid: null })).toBeNull();
    expect(startingBidOf({ startingBid: '0.00' })).toBe(0);
    expect(startingBidOf({ type: 'fixedPrice' })).toBeNull();
  });

  it('reads money as cents and times with any zone as UTC', () => {
    const parsed = parseScenario(
      JSON.stringify({
        lot: { startingBid: '10.5', minimumIncrement: '0.25', endsAt: '2025-06-01T22:00:00+02:00' },
        commands: [{ type: 'maxBid', bidder: 'alice', amount: '12.345', at: '2025-06-01T19:00:00.250Z', id: 7 }],
      }),
    );
    expect(parsed.ok && parsed.scenario.lot).toMatchObject({
      startingBid: 10_50,
      minimumIncrement: 25,
      endsAt: Date.UTC(2025, 5, 1, 20),
    });
    expect(parsed.ok && parsed.scenario.commands).toEqual([
      { type: 'maxBid', bidder: 'alice', amount: '12.345', at: Date.UTC(2025, 5, 1, 19, 0, 0, 250), id: '7' },
    ]);
  });

  it('ignores other top-level keys, such as a description or the expected outcome', () => {
    expect(errorOf({ ...withLot({}), description: 'x', expected: {} })).toBe('no error');
  });

  it.each([
    ['{ "lot": ', 'invalid JSON'],
    ['[]', 'the file: expected an object'],
    ['{ "commands": [] }', 'lot: expected an object'],
    ['{}', 'lot: expected an object'],
  ])('refuses %s', (text, message) => {
    expect(errorOf(text)).toContain(message);
  });

  it.each([
    [{ endsAt: '2025-06-01 20:00' }, 'lot.endsAt: expected an ISO 8601 timestamp with a zone'],
    [{ endsAt: '2025-06-01T20:00:00' }, 'lot.endsAt: expected an ISO 8601 timestamp with a zone'],
    [{ endsAt: '2025-02-30T20:00:00Z' }, 'lot.endsAt: not a real date and time: 2025-02-30T20:00:00Z'],
    [{ type: 'auction' }, 'lot.type: expected "bidding" or "fixedPrice"'],
    [{ startingBid: 10 }, 'lot.startingBid: expected a decimal string with at most 2 decimals'],
    [{ startingBid: '-1.00' }, 'lot.startingBid: expected a decimal string with at most 2 decimals'],
    [{ minimumIncrement: '0.00' }, 'lot.minimumIncrement: expected an amount above 0'],
    [{ minimumIncrement: null }, 'lot.minimumIncrement: expected a decimal string'],
    [{ allowProxyBidding: 'yes' }, 'lot.allowProxyBidding: expected true or false'],
    [{ auctionEndsAt: 'soon' }, 'lot.auctionEndsAt: expected an ISO 8601 timestamp'],
    [{ extensionDurationInMinutes: 2.5 }, 'lot.extensionDurationInMinutes: expected a whole number, 0 or more'],
    [{ multiSaleQuantity: -1 }, 'lot.multiSaleQuantity: expected a whole number, 0 or more'],
    [{ lotId: '' }, 'lot.lotId: expected a non-empty string'],
    [{ startBid: '10.00' }, 'lot.startBid: unknown field'],
  ])('refuses the lot %j', (lot, message) => {
    const input = 'endsAt' in lot ? { lot, commands: [] } : withLot(lot);
    expect(errorOf(input)).toContain(message);
  });

  it('requires the lot’s end', () => {
    expect(errorOf({ lot: {}, commands: [] })).toBe('lot.endsAt: required');
  });

  it.each([
    [{ commands: 'none' }, 'commands: expected an array'],
    [{ commands: [3] }, 'commands[0]: expected an object'],
  ])('refuses %j', (part, message) => {
    expect(errorOf({ ...withLot({}), ...part })).toContain(message);
  });

  it.each([
    [
      { bidder: 'bob', amount: '1.00', at: AT },
      'commands[1].type: expected one of "bid", "maxBid", "deleteMax", "buy"',
    ],
    [{ type: 'offer', at: AT }, 'commands[1].type: expected one of'],
    [{ type: 'close' }, 'commands[1].at: required'],
    [{ type: 'close', at: 1_748_808_000_000 }, 'commands[1].at: expected an ISO 8601 timestamp'],
    [{ type: 'bid', amount: '1.00', at: AT }, 'commands[1].bidder: expected a non-empty string'],
    [{ type: 'bid', bidder: 'bob', at: AT }, 'commands[1].amount: expected a decimal string with at most 2 decimals'],
    [{ type: 'bid', bidder: 'bob', amount: 12, at: AT }, 'commands[1].amount: expected a decimal string'],
    [{ type: 'buy', bidder: 'bob', quantity: '2', at: AT }, 'commands[1].quantity: expected a number'],
    [{ type: 'removeBid', bid: -1, at: AT }, 'commands[1].bid: expected a whole number, 0 or more'],
    [{ type: 'removeBid', bid: '0', at: AT }, 'commands[1].bid: expected a whole number, 0 or more'],
    [{ type: 'close', at: AT, id: '' }, 'commands[1].id: expected a non-empty string'],
    [{ type: 'close', at: AT, bidder: 'bob' }, 'commands[1].bidder: unknown field'],
  ])('refuses the command %j', (command, message) => {
    expect(errorOf(withCommand(command))).toContain(message);
  });

  it('leaves amounts and quantities that are well-formed JSON for the engine to judge', () => {
    expect(errorOf(withCommand({ type: 'bid', bidder: 'bob', amount: 'abc', at: AT }))).toBe('no error');
    expect(errorOf(withCommand({ type: 'bid', bidder: 'bob', amount: '-3.00', at: AT }))).toBe('no error');
    expect(errorOf(withCommand({ type: 'buy', bidder: 'bob', quantity: 1.5, at: AT }))).toBe('no error');
  });
});
