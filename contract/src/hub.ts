import { z } from 'zod';

/**
 * The hub's long-polling fallback (`POST /api/hub/poll`, docs/hub.md "Long polling") for clients
 * that cannot open the WebSocket: the same subscriptions, positions and server messages, over HTTP.
 */
const auctionId = z.number().int().positive().max(2_147_483_647);
/** A Redis stream id, `<milliseconds>-<sequence>`: the position to resume from. */
const streamId = z.string().regex(/^\d{1,20}-\d{1,20}$/);

export const hubPollBody = z.object({
  /** Each auction watched, with the greatest event id (or `subscribed` position) seen; none on the first poll. */
  subscriptions: z
    .array(z.object({ auctionId, lastId: streamId.optional() }).strict())
    .min(1)
    .max(100)
    .refine((list) => new Set(list.map((item) => item.auctionId)).size === list.length, 'duplicate_auction'),
  /** How long the server may hold a poll with nothing to say: 25 s by default (under most proxies' idle limit). */
  waitMs: z.number().int().min(0).max(25_000).optional(),
});
export type HubPollBody = z.infer<typeof hubPollBody>;

const hubWireEvent = z.object({ id: z.string(), event: z.string(), data: z.record(z.string(), z.unknown()) });

/** The WebSocket's server messages (docs/hub.md), as they would have reached a socket, in order. */
export const hubServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SynchronizeClientTime'), currentTime: z.string() }),
  z.object({ type: z.literal('events'), auctionId: z.number(), events: z.array(hubWireEvent) }),
  z.object({ type: z.literal('subscribed'), auctionId: z.number(), lastId: z.string().nullable() }),
  z.object({ type: z.literal('unsubscribed'), auctionId: z.number() }),
  z.object({ type: z.literal('refetch'), auctionId: z.number() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string(), auctionId: z.number().optional() }),
]);

export const hubPollAnswer = z.object({ messages: z.array(hubServerMessage) });
export type HubPollAnswer = z.infer<typeof hubPollAnswer>;
