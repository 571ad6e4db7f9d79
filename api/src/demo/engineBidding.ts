import { randomUUID } from 'node:crypto';
import { type LotCommandHandler, lotStreamId } from '@auction/engine';
import type { Db } from '@auction/platform';
import { readLotConfig } from '../lots/lotConfig.ts';
import type { DemoBidding } from './loadDemo.ts';

/** The demo's bids go through the real engine, so its history replays like any other. */
export function engineBidding(db: Db, handler: LotCommandHandler, adminId: string | null): DemoBidding {
  const run = async (lotId: number, command: Parameters<LotCommandHandler['handle']>[1]) => {
    const outcome = await handler.handle(lotStreamId(lotId), command);
    if (!outcome.ok) throw new Error(`demo lot ${lotId}: ${command.type} refused (${outcome.reason})`);
  };
  const envelope = (at: Date, userId: string | null) => ({
    commandId: randomUUID(),
    userId,
    at: at.getTime(),
    auctionActive: true,
  });
  return {
    async openLot(lotId, at) {
      await run(lotId, { ...envelope(at, adminId), type: 'OpenLot', config: await readLotConfig(db, lotId) });
    },
    async bid(lotId, userId, cents, at, max) {
      await run(
        lotId,
        max
          ? { ...envelope(at, userId), type: 'PlaceMaxBid', bidderId: userId, maxAmount: cents }
          : { ...envelope(at, userId), type: 'PlaceBid', bidderId: userId, amount: cents },
      );
    },
    async close(lotId, at) {
      await run(lotId, { ...envelope(at, null), type: 'CloseLot' });
    },
  };
}
