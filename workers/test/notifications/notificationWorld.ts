import { testRedisUrl } from '@auction/platform/testing';
import { expect } from 'vitest';
import type { AuctionWorkers } from '../../src/auctionWorkers.ts';
import { startTestMessaging, type TestMessaging } from '../../src/testing.ts';
import { createWorld, eventually, type World } from '../workerFixtures.ts';

export interface NotificationWorld {
  world: World;
  /** The messages queue and worker, the local catchers and the push-service double. */
  messaging: TestMessaging;
  workers: AuctionWorkers;
  /** Every notice the follower queued (by `current`, when the test restarted the workers) has been handled by the messages worker. */
  drained(current?: AuctionWorkers): Promise<void>;
  close(): Promise<void>;
}

/** A database, the auction workers (the bidder notifier among them) and the test messaging, started and swept. */
export async function startNotificationWorld(): Promise<NotificationWorld> {
  const world = await createWorld();
  const messaging = await startTestMessaging({ db: world.db, redisUrl: testRedisUrl(), prefix: world.prefix });
  const workers = world.startWorkers();
  await workers.swept;
  return {
    world,
    messaging,
    workers,
    async drained(current = workers) {
      await current.caughtUp();
      await eventually(async () => {
        const counts = await messaging.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
      });
    },
    async close() {
      await world.close();
      await messaging.stop();
    },
  };
}
