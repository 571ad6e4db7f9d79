import { type Db, type HubEventName, publishHubEvent } from '@auction/platform';
import type { Redis } from 'ioredis';

export interface HubTarget {
  redis: Redis;
  /** Key prefix of the hub's streams and channels (tests use their own). */
  prefix?: string;
}

/**
 * Publishes a one-shot hub event once, whatever the redeliveries and the number of workers: the
 * key is recorded in the transaction that publishes, so a second publisher waits on the first
 * one's row and then finds it, and a failed publication leaves no row and is tried again.
 */
export async function announceOnce(
  db: Db,
  hub: HubTarget,
  key: string,
  auctionId: number,
  event: HubEventName,
  data: Record<string, unknown>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('hub_announcements')
      .values({ key })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) return false;
    await publishHubEvent(hub.redis, auctionId, event, data, hub.prefix);
    return true;
  });
}
