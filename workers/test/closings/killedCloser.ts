import { createLotCommandHandler, type LotCommandHandler, PostgresEventStore } from '@auction/engine';
import { connectDb, createMessageQueue, createRedis } from '@auction/platform';
import { startAuctionWorkers } from '../../src/auctionWorkers.ts';

/**
 * A workers process that dies (SIGKILL) at the moment it sends a lot's close to the engine, for
 * the recovery test: its close job is left taken, and the lot is overdue and open. It writes
 * `swept` once its start's sweep is done, so that the test brings the lot's end forward only then:
 * the close that kills it is always the job's, never the sweep's of a slow start.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const { pool, db } = connectDb(env('KILLED_CLOSER_DATABASE_URL'));
const real = createLotCommandHandler(new PostgresEventStore(pool));
const dying = {
  read: (streamId: string) => real.read(streamId),
  handle: (streamId: string, command: Parameters<LotCommandHandler['handle']>[1]) => {
    if (command.type === 'CloseLot') process.kill(process.pid, 'SIGKILL');
    return real.handle(streamId, command);
  },
} as LotCommandHandler;
const prefix = env('KILLED_CLOSER_PREFIX');
const connection = { url: env('KILLED_CLOSER_REDIS_URL') };
const workers = startAuctionWorkers({
  pool,
  db,
  connection,
  prefix,
  hubRedis: createRedis(connection.url),
  hubPrefix: prefix,
  messages: createMessageQueue({ connection, prefix }),
  publicUrl: 'http://auctions.test',
  handler: dying,
  sweepIntervalMs: 0,
});
workers.swept.then(
  () => process.stdout.write('swept\n'),
  () => process.exit(1),
);
