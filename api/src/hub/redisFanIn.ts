import { createRedis, type HubEventName, hubChannelPattern } from '@auction/platform';
import type { HubWireEvent } from './protocol.ts';

export interface FanInOptions {
  redisUrl: string;
  prefix: string;
  /** Asked before parsing: messages for auctions nobody watches in this process are dropped. */
  isWatched(auctionId: number): boolean;
  onEvent(auctionId: number, event: HubWireEvent): void;
  /** Pub/sub drops what is published while disconnected: after a reconnect, watchers must refetch. */
  onReconnected(): void;
  onError(error: unknown): void;
}

export interface FanIn {
  close(): Promise<void>;
}

/**
 * The process's one subscriber connection: every API process hears every auction's channel and
 * keeps what its own clients watch.
 */
export async function startFanIn(options: FanInOptions): Promise<FanIn> {
  const pattern = hubChannelPattern(options.prefix);
  const channelPrefix = pattern.slice(0, -1);
  const subscriber = createRedis(options.redisUrl);
  let connectedOnce = false;

  subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
    const auctionId = Number(channel.slice(channelPrefix.length));
    if (!options.isWatched(auctionId)) return;
    try {
      const entry = JSON.parse(message) as {
        id: string;
        event: HubEventName;
        data: Record<string, unknown>;
        forUserId?: string;
      };
      options.onEvent(auctionId, { id: entry.id, event: entry.event, data: entry.data, forUserId: entry.forUserId });
    } catch (error) {
      options.onError(error);
    }
  });
  subscriber.on('ready', () => {
    // ioredis resubscribes by itself; asking again (a no-op for Redis) tells us when it is done, so
    // watchers refetch only once nothing can be missed any more.
    if (connectedOnce) subscriber.psubscribe(pattern).then(options.onReconnected, options.onError);
    connectedOnce = true;
  });
  subscriber.on('error', (error) => options.onError(error));

  await subscriber.psubscribe(pattern);
  return {
    async close() {
      subscriber.removeAllListeners('ready');
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
