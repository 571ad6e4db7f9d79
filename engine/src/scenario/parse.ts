import type { LotConfig } from '../lot/index.ts';
import { type Cents, parseMoney } from '../money.ts';
import type { ScenarioCommand, ScenarioCommandType } from './types.ts';

export type Scenario = { lot: LotConfig; commands: ScenarioCommand[] };

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; error: string };

/** Raised only inside this module, to stop at the first problem with its path in the file. */
class Malformed extends Error {}

type Json = Record<string, unknown>;

const LOT_FIELDS = [
  'lotId',
  'auctionId',
  'type',
  'startingBid',
  'minimumIncrement',
  'allowProxyBidding',
  'endsAt',
  'auctionEndsAt',
  'allowsTimeExtension',
  'extensionDurationInMinutes',
  'extensionDurationMaximumMinutes',
  'minutesLeftBeforeAllowingExtension',
  'multiSalePrice',
  'multiSaleQuantity',
  'maxPerBidder',
];

const COMMAND_FIELDS: Record<ScenarioCommandType, string[]> = {
  bid: ['bidder', 'amount'],
  maxBid: ['bidder', 'amount'],
  deleteMax: ['bidder'],
  buy: ['bidder', 'quantity'],
  removeBid: ['bid'],
  close: [],
  closeNow: [],
};

const ISO_EXAMPLE = '"2025-06-01T20:00:00Z"';

/**
 * Reads a scenario file's text. Structural problems (bad JSON, a missing or unknown field, a value
 * of the wrong kind) are reported with the path of the first one; a command's amount or quantity
 * that is well-formed JSON but not acceptable is left for the engine to refuse.
 */
export function parseScenario(text: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `invalid JSON: ${(error as Error).message}` };
  }
  try {
    // Other top-level keys (a description, the expected outcome) are left to the reader.
    const root = object(json, 'the file');
    const config = lot(root.lot);
    const commands = root.commands;
    if (!Array.isArray(commands)) throw new Malformed('commands: expected an array');
    return {
      ok: true,
      scenario: { lot: config, commands: commands.map((value, i) => command(value, `commands[${i}]`)) },
    };
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, error: error.message };
    throw error;
  }
}

function lot(value: unknown): LotConfig {
  const json = object(value, 'lot');
  allowOnly(json, LOT_FIELDS, 'lot.');
  const field = <T>(name: string, fallback: T, read: Reader<T>): T =>
    json[name] === undefined ? fallback : read(json[name], `lot.${name}`);
  if (json.endsAt === undefined) throw new Malformed('lot.endsAt: required');
  const type = field('type', 'bidding', lotType);
  const minimumIncrement = field('minimumIncrement', 100, increment);
  return {
    lotId: field('lotId', 'lot-1', string),
    auctionId: field('auctionId', 'auction-1', string),
    type,
    // Left out, a bidding lot opens at one increment; only an explicit null or zero means "no price".
    startingBid: field('startingBid', null, nullable(money)),
    minimumIncrement,
    allowProxyBidding: field('allowProxyBidding', true, boolean),
    endsAt: timestamp(json.endsAt, 'lot.endsAt'),
    auctionEndsAt: field('auctionEndsAt', null, nullable(timestamp)),
    allowsTimeExtension: field('allowsTimeExtension', false, boolean),
    extensionDurationInMinutes: field('extensionDurationInMinutes', 0, wholeNumber),
    extensionDurationMaximumMinutes: field('extensionDurationMaximumMinutes', 0, wholeNumber),
    minutesLeftBeforeAllowingExtension: field('minutesLeftBeforeAllowingExtension', 0, wholeNumber),
    multiSalePrice: field('multiSalePrice', null, nullable(money)),
    multiSaleQuantity: field('multiSaleQuantity', null, nullable(wholeNumber)),
    maxPerBidder: field('maxPerBidder', null, nullable(wholeNumber)),
  };
}

function command(value: unknown, path: string): ScenarioCommand {
  const json = object(value, path);
  const type = json.type;
  if (typeof type !== 'string' || !Object.hasOwn(COMMAND_FIELDS, type)) {
    const known = Object.keys(COMMAND_FIELDS)
      .map((name) => `"${name}"`)
      .join(', ');
    throw new Malformed(`${path}.type: expected one of ${known}`);
  }
  const commandType = type as ScenarioCommandType;
  allowOnly(json, ['type', 'at', 'id', ...COMMAND_FIELDS[commandType]], `${path}.`);
  if (json.at === undefined) throw new Malformed(`${path}.at: required`);
  const envelope = {
    at: timestamp(json.at, `${path}.at`),
    ...(json.id === undefined ? {} : { id: commandId(json.id, `${path}.id`) }),
  };
  const bidder = () => string(json.bidder, `${path}.bidder`);
  const amount = () => {
    if (typeof json.amount !== 'string') {
      throw new Malformed(`${path}.amount: expected a decimal string with at most 2 decimals, such as "12.50"`);
    }
    return json.amount;
  };
  switch (commandType) {
    case 'bid':
    case 'maxBid':
      return { ...envelope, type: commandType, bidder: bidder(), amount: amount() };
    case 'deleteMax':
      return { ...envelope, type: commandType, bidder: bidder() };
    case 'buy': {
      if (typeof json.quantity !== 'number') throw new Malformed(`${path}.quantity: expected a number`);
      return { ...envelope, type: commandType, bidder: bidder(), quantity: json.quantity };
    }
    case 'removeBid':
      return { ...envelope, type: commandType, bid: wholeNumber(json.bid, `${path}.bid`) };
    case 'close':
    case 'closeNow':
      return { ...envelope, type: commandType };
  }
}

type Reader<T> = (value: unknown, path: string) => T;

function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? null : read(value, path));
}

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Malformed(`${path}: expected an object`);
  }
  return value as Json;
}

function allowOnly(json: Json, allowed: readonly string[], prefix: string): void {
  const unknown = Object.keys(json).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    throw new Malformed(`${prefix}${unknown}: unknown field (expected one of ${allowed.join(', ')})`);
  }
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') throw new Malformed(`${path}: expected a non-empty string`);
  return value;
}

function commandId(value: unknown, path: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return string(value, path);
}

function lotType(value: unknown, path: string): LotConfig['type'] {
  if (value !== 'bidding' && value !== 'fixedPrice') throw new Malformed(`${path}: expected "bidding" or "fixedPrice"`);
  return value;
}

function increment(value: unknown, path: string): Cents {
  const amount = money(value, path);
  // With a zero increment equal bids could follow one another.
  if (amount === 0) throw new Malformed(`${path}: expected an amount above 0`);
  return amount;
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new Malformed(`${path}: expected true or false`);
  return value;
}

function money(value: unknown, path: string): Cents {
  const amount = typeof value === 'string' ? parseMoney(value) : null;
  if (amount === null || amount < 0) {
    throw new Malformed(`${path}: expected a decimal string with at most 2 decimals, such as "12.50"`);
  }
  return amount;
}

function wholeNumber(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new Malformed(`${path}: expected a whole number, 0 or more`);
  }
  return value;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** Strict ISO 8601 with a zone: a timestamp without one would depend on the machine's time zone. */
function timestamp(value: unknown, path: string): number {
  const match = typeof value === 'string' ? ISO.exec(value) : null;
  if (match === null) {
    throw new Malformed(`${path}: expected an ISO 8601 timestamp with a zone, such as ${ISO_EXAMPLE}`);
  }
  const part = (index: number) => Number(match[index] ?? '0');
  const [year, month, day, hour, minute, second] = [part(1), part(2) - 1, part(3), part(4), part(5), part(6)] as const;
  const millis = Number((match[7] ?? '').padEnd(3, '0'));
  const wallClock = Date.UTC(year, month, day, hour, minute, second, millis);
  // Date.UTC rolls 31 April over to 1 May; reading the fields back catches such dates.
  const read = new Date(wallClock);
  const real =
    read.getUTCFullYear() === year &&
    read.getUTCMonth() === month &&
    read.getUTCDate() === day &&
    read.getUTCHours() === hour &&
    read.getUTCMinutes() === minute &&
    read.getUTCSeconds() === second &&
    part(10) < 60;
  if (!real) throw new Malformed(`${path}: not a real date and time: ${String(value)}`);
  const offsetMinutes = (match[8] === '-' ? -1 : 1) * (part(9) * 60 + part(10));
  return wallClock - offsetMinutes * 60_000;
}
