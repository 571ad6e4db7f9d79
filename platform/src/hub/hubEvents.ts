import type { Redis } from 'ioredis';

/**
 * The seam between what happened (projections, workers) and who is watching (the hub in every API
 * process). Each auction has a Redis stream of hub events, capped, so a reconnecting client can be
 * sent what it missed from its last stream id; the same entry is published on the auction's
 * channel for the live fan-out. Event names and fields are spec 001 §7's server events.
 */
export const hubEventNames = [
  'BidReceived',
  'BidDeleted',
  'DonationReceived',
  'DonationDeleted',
  'AuctionEndDateChanged',
  'AuctionEnded',
  'AuctionStarted',
  'AuctionPreOpen',
  /** Not in spec 001 §7: the auction's invoices exist (status InvoiceGenerated); bidders may pay. */
  'AuctionInvoiceGenerated',
  /** Not in spec 001 §7: the organisers' message to all the auction's guests (docs/messages.md), `message` `{ en?, fr? }`. */
  'AuctionAnnouncement',
  'AuctionRequireCCToBidChanged',
  'AuctionLotItemCreated',
  'AuctionLotItemHidden',
  'MultiSaleQuantityAdjusted',
  'AuctionLotItemClose',
  'AuctionLotItemClosingSoon',
  'AuctionLotItemEndDateChanged',
  'AuctionClosingGroupClose',
  'AuctionClosingGroupClosingSoon',
  'AuctionClosingGroupEndDateChanged',
  'SynchronizeClientTime',
  /**
   * Not in spec 001 §7: the bidder's own maximum bid on a lot was placed, raised or deleted. Sent
   * to that bidder's connections only (`forUserId`), so their other devices show it; a maximum
   * bid is private, and when it leaves the lot's public standing unchanged nothing else says so.
   */
  'MaxBidChanged',
] as const;
export type HubEventName = (typeof hubEventNames)[number];

export interface HubEvent {
  /** The Redis stream id of the entry: the position a reconnecting client gives back. */
  id: string;
  auctionId: number;
  event: HubEventName;
  data: Record<string, unknown>;
  /** Set on an event for one user: the hub gives it to that user's connections alone. */
  forUserId?: string;
}

/** How many entries an auction's stream keeps; older positions get a refetch signal. */
export const HUB_STREAM_LENGTH = 5_000;

export const hubStreamKey = (prefix: string, auctionId: number) => `${prefix}hub:stream:${auctionId}`;
export const hubChannel = (prefix: string, auctionId: number) => `${prefix}hub:auction:${auctionId}`;
/** Pattern the hub subscribes to, for every auction at once. */
export const hubChannelPattern = (prefix: string) => `${prefix}hub:auction:*`;

/**
 * Appends to the auction's stream and publishes the entry, atomically (one script), so two
 * publishers of one auction can never publish out of stream order; answers the entry's id.
 */
const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[2])
redis.call('PUBLISH', KEYS[2], '{"id":"' .. id .. '",' .. string.sub(ARGV[2], 2))
return id`;

export async function publishHubEvent(
  redis: Redis,
  auctionId: number,
  event: HubEventName,
  data: Record<string, unknown>,
  prefix = '',
  forUserId?: string,
): Promise<string> {
  const body = entryBody({ auctionId, event, data, forUserId });
  const id = await redis.eval(
    PUBLISH_SCRIPT,
    2,
    hubStreamKey(prefix, auctionId),
    hubChannel(prefix, auctionId),
    String(HUB_STREAM_LENGTH),
    body,
  );
  if (typeof id !== 'string') throw new Error('hub stream refused the entry');
  return id;
}

/** A hub event to publish: what `publishHubEvent` takes, for several at once. */
export interface HubEventToPublish {
  auctionId: number;
  event: HubEventName;
  data: Record<string, unknown>;
  /** The one user it is for (the hub sends it to no one else); absent, every watcher of the auction. */
  forUserId?: string | undefined;
}

/**
 * A stream entry's JSON. An event for one user stays in its auction's stream, so it keeps its
 * place among the auction's events and a reconnecting device catches it up like any other.
 */
function entryBody({ auctionId, event, data, forUserId }: HubEventToPublish): string {
  return JSON.stringify(forUserId ? { auctionId, event, data, forUserId } : { auctionId, event, data });
}

/** The publish script as an ioredis command: EVALSHA, the script sent once per connection. */
const PUBLISH_COMMAND = 'auctionHubPublish';
type Publishing = { [PUBLISH_COMMAND](stream: string, channel: string, maxLength: string, body: string): unknown };
const withPublishCommand = new WeakSet<Redis>();

/**
 * Publishes several hub events in one round trip (a pipeline of the same script as
 * `publishHubEvent`, each event appended and published atomically): the projections publish a
 * batch's events at once instead of waiting for Redis once per bid. Redis runs a pipeline's
 * commands in order, so the order of the events, within an auction and across them, is kept.
 * Answers, in order, each entry's stream id, or the error that event met (the others are
 * published all the same).
 */
export async function publishHubEvents(
  redis: Redis,
  events: readonly HubEventToPublish[],
  prefix = '',
): Promise<Array<string | Error>> {
  if (events.length === 0) return [];
  if (!withPublishCommand.has(redis)) {
    redis.defineCommand(PUBLISH_COMMAND, { numberOfKeys: 2, lua: PUBLISH_SCRIPT });
    withPublishCommand.add(redis);
  }
  const pipeline = redis.pipeline() as ReturnType<Redis['pipeline']> & Publishing;
  for (const toPublish of events) {
    const { auctionId } = toPublish;
    const body = entryBody(toPublish);
    pipeline[PUBLISH_COMMAND](
      hubStreamKey(prefix, auctionId),
      hubChannel(prefix, auctionId),
      String(HUB_STREAM_LENGTH),
      body,
    );
  }
  let results: Array<[Error | null, unknown]> | null;
  try {
    results = await pipeline.exec();
  } catch (error) {
    const failed = error instanceof Error ? error : new Error(String(error));
    return events.map(() => failed);
  }
  return events.map((_, i) => {
    const [error, id] = results?.[i] ?? [new Error('hub pipeline answered nothing'), null];
    if (error) return error;
    return typeof id === 'string' ? id : new Error('hub stream refused the entry');
  });
}

/**
 * What a client missed since `afterId`, oldest first; `null` when that position is older than the
 * stream keeps (the client must refetch).
 */
export async function hubEventsSince(
  redis: Redis,
  auctionId: number,
  afterId: string,
  prefix = '',
): Promise<HubEvent[] | null> {
  const key = hubStreamKey(prefix, auctionId);
  const first = await redis.xrange(key, '-', '+', 'COUNT', 1);
  const oldest = first[0]?.[0];
  if (oldest && compareIds(afterId, oldest) < 0) {
    // The client's position was trimmed away unless it is just before the oldest kept entry.
    const before = await redis.xrevrange(key, `(${oldest}`, '-', 'COUNT', 1);
    if (before.length === 0 && afterId !== '0-0') return null;
  }
  const entries = await redis.xrange(key, `(${afterId}`, '+');
  return entries.map(toHubEvent);
}

/**
 * The newest `count` entries of an auction's stream, newest first: where a watcher subscribing
 * without a position starts, read back to the newest event that watcher may see.
 */
export async function hubNewestEvents(
  redis: Redis,
  auctionId: number,
  count: number,
  prefix = '',
): Promise<HubEvent[]> {
  const entries = await redis.xrevrange(hubStreamKey(prefix, auctionId), '+', '-', 'COUNT', count);
  return entries.map(toHubEvent);
}

/** A stream entry as read: its id, and the JSON of its one field. */
function toHubEvent([id, fields]: [string, string[]]): HubEvent {
  const parsed = JSON.parse(fields[1] ?? '{}') as Omit<HubEvent, 'id'>;
  return { id, ...parsed };
}

function compareIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am - bm || as - bs;
}
