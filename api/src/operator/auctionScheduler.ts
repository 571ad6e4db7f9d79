import { type AuctionLifecycleQueue, requestAuctionSchedule } from '@auction/platform';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Tells the workers that an auction's status or dates changed. The lifecycle worker is the one
 * that applies timed transitions and announces status and end-date changes on the hub, so the API
 * never announces them itself and watchers hear each change once.
 */
export interface AuctionScheduler {
  /** Asks the workers to re-read the auction; throws when the queue refuses the request. */
  auctionChanged(auctionId: number): Promise<void>;
  /**
   * The same, after a change already recorded (an auction's dates or status, a closing group's
   * end): the change stands whether or not the workers hear of it now, so a queue that refuses
   * the request is logged rather than answered as a failure. The workers' recovery sweep re-reads
   * every auction not yet invoiced, and every one with an announcement waiting, within minutes.
   */
  afterChange(auctionId: number, log: FastifyBaseLogger): Promise<void>;
}

export function auctionScheduler(queue: AuctionLifecycleQueue | undefined): AuctionScheduler {
  const scheduler: AuctionScheduler = {
    async auctionChanged(auctionId) {
      if (queue) await requestAuctionSchedule(queue, auctionId);
    },
    async afterChange(auctionId, log) {
      await scheduler.auctionChanged(auctionId).catch((error: unknown) => {
        log.warn({ err: error, auctionId }, 'workers not told of the change: the sweep reads it');
      });
    },
  };
  return scheduler;
}
