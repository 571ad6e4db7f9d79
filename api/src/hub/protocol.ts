import type { HubEventName } from '@auction/platform';
import type { RawData } from 'ws';
import { z } from 'zod';

/**
 * The hub's wire protocol: JSON text frames both ways (docs/hub.md). Client messages are validated
 * here; server messages are encoded once into a buffer that can be written to any number of sockets.
 */
const auctionId = z.number().int().positive().max(2_147_483_647);
/** A Redis stream id, `<milliseconds>-<sequence>`. */
const streamId = z.string().regex(/^\d{1,20}-\d{1,20}$/);

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), auctionId, lastId: streamId.optional() }),
  z.object({ type: z.literal('unsubscribe'), auctionId }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** One hub event as a client receives it; `id` is the position to resume from. */
export interface WireEvent {
  id: string;
  event: HubEventName;
  data: Record<string, unknown>;
}

/** A hub event as the hub holds it: an event for one user carries who (and is sent without it). */
export interface HubWireEvent extends WireEvent {
  forUserId?: string | undefined;
}

/**
 * The events a watcher may be sent, as the client receives them: the auction's, and those for
 * this watcher's user. An anonymous watcher never gets an event meant for a user.
 */
export function eventsFor(userId: string | null, events: readonly HubWireEvent[]): WireEvent[] {
  const shown: WireEvent[] = [];
  for (const { forUserId, ...event } of events) {
    if (forUserId === undefined || (userId !== null && forUserId === userId)) shown.push(event);
  }
  return shown;
}

export type HubErrorKey = 'invalid_message' | 'invalid_token' | 'too_many_subscriptions' | 'private_auction';

export type ServerMessage =
  | { type: 'SynchronizeClientTime'; currentTime: string }
  | { type: 'events'; auctionId: number; events: WireEvent[] }
  | { type: 'subscribed'; auctionId: number; lastId: string | null }
  | { type: 'unsubscribed'; auctionId: number }
  | { type: 'refetch'; auctionId: number }
  | { type: 'pong' }
  | { type: 'error'; message: HubErrorKey; auctionId?: number };

export const encode = (message: ServerMessage): Buffer => Buffer.from(JSON.stringify(message));

export const clockMessage = (now = new Date()): Buffer =>
  encode({ type: 'SynchronizeClientTime', currentTime: now.toISOString() });

/** The client's message, or null when it is not one of ours (binary, not JSON, wrong shape). */
export function parseClientMessage(raw: RawData, isBinary: boolean): ClientMessage | null {
  if (isBinary) return null;
  const text = Buffer.isBuffer(raw)
    ? raw.toString()
    : Array.isArray(raw)
      ? Buffer.concat(raw).toString()
      : Buffer.from(raw).toString();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = clientMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Orders Redis stream ids exactly: both parts are unsigned 64-bit decimals, past Number's precision. */
export function compareStreamIds(a: string, b: string): number {
  const [msA = '', seqA = ''] = a.split('-');
  const [msB = '', seqB = ''] = b.split('-');
  return compareDecimals(msA, msB) || compareDecimals(seqA, seqB);
}

function compareDecimals(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}
