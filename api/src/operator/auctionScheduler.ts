import { type AuctionLifecycleQueue, requestAuctionSchedule } from '@auction/platform';

/**
 * Tells the workers that an auction's status or dates changed. The lifecycle worker is the one
 * that applies timed transitions and announces status and end-date changes on the hub, so the API
 * never announces them itself and watchers hear each change once.
 */
export interface AuctionScheduler {
  auctionChanged(auctionId: number): Promise<void>;
}

export function auctionScheduler(queue: AuctionLifecycleQueue | undefined): AuctionScheduler {
  return {
    async auctionChanged(auctionId) {
      if (queue) await requestAuctionSchedule(queue, auctionId);
    },
  };
}
