import { createPool } from '@auction/platform';
import { createLotCommandHandler, lotStreamId, PostgresEventStore } from '../../../src/index.ts';
import { NOW } from '../lotFixtures.ts';

/**
 * A separate OS process bidding on one lot, for the cross-process test: its own pool, its own
 * cached state, only the database in common. Prints the acknowledged command ids as JSON.
 */
const [url, lotId, prefix, countText] = process.argv.slice(2) as [string, string, string, string];
const pool = createPool(url, 8);
const handler = createLotCommandHandler(new PostgresEventStore(pool));
const count = Number(countText);
const acknowledged: string[] = [];
await Promise.all(
  Array.from({ length: count }, async (_, i) => {
    const commandId = `${prefix}-${i}`;
    const amount = 1000 + i * 100 + (prefix === 'p1' ? 0 : 50);
    const outcome = await handler.handle(lotStreamId(lotId), {
      type: 'PlaceBid',
      commandId,
      userId: `${prefix}-bidder-${i % 7}`,
      at: NOW + i,
      auctionActive: true,
      bidderId: `${prefix}-bidder-${i % 7}`,
      amount,
    });
    if (outcome.ok) acknowledged.push(commandId);
  }),
);
await pool.end();
process.stdout.write(JSON.stringify(acknowledged));
