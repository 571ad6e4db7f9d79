import { type HubEventName, publishHubEvent } from '@auction/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Hub events an operator's change causes that no engine event carries (spec 001 §7). */
export interface OperatorPublisher {
  publish(auctionId: number, event: HubEventName, data: Record<string, unknown>): Promise<void>;
}

/**
 * The change is already committed when this runs: a hub that cannot be reached must not turn it
 * into an error, since clients refetch on reconnect anyway. It is logged instead.
 */
export function operatorPublisher(redis: Redis, prefix: string, log: FastifyBaseLogger): OperatorPublisher {
  return {
    async publish(auctionId, event, data) {
      try {
        await publishHubEvent(redis, auctionId, event, data, prefix);
      } catch (error) {
        log.error({ err: error, auctionId, event }, 'hub event not published');
      }
    },
  };
}
