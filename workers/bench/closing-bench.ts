import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import {
  createLotCommandHandler,
  type LotCommand,
  type LotConfig,
  type LotEvent,
  lotStreamId,
  PostgresEventStore,
} from '@auction/engine';
import { createDb, createMessageQueue, createPool, createRedis, migrateToLatest } from '@auction/platform';
import { benchOption, insertBareAuction, startBenchServices } from '@auction/platform/testing';
import { startProjections } from '@auction/projections';
import { type AuctionWorkers, startAuctionWorkers } from '../src/auctionWorkers.ts';

/**
 * `npm run -s closing-bench -- --lots 500 [--workers 2] [--json FILE]`: lots ending within the same
 * minute, a fifth of them in one closing group ending at the same instant, every tenth of the others
 * extended by a late bid through the engine; two workers processes' worth of closings (each with its
 * own pool, command handler and BullMQ worker) close them. Lag is the close's recorded time (the
 * LotClosed event's server time) minus the lot's end when it closed. Starts its own durable embedded
 * PostgreSQL and Redis.
 */
const LOTS = Number(benchOption('lots', '500'));
const WORKERS = Number(benchOption('workers', '2'));
const JSON_FILE = benchOption('json', '');
const MINUTE = 60_000;
const log = (line: string) => console.error(`[closing-bench] ${line}`);

const services = await startBenchServices('closing-bench');
const { postgres } = services;
const pools: ReturnType<typeof createPool>[] = [];
const running: AuctionWorkers[] = [];

try {
  const pool = createPool(postgres.url, 20);
  pools.push(pool);
  const db = createDb(pool);
  await migrateToLatest(db);
  const api = createLotCommandHandler(new PostgresEventStore(pool));
  const store = new PostgresEventStore(pool);

  const windowStart = Date.now() + 25_000;
  const auctionEndsAt = windowStart + 10 * MINUTE;
  const { auctionId } = await insertBareAuction(db, {
    date_open: new Date(windowStart - 10 * MINUTE),
    date_completed: new Date(auctionEndsAt),
  });
  const group = await db
    .insertInto('closing_groups')
    .values({ auction_id: auctionId, ends_at: new Date(windowStart), translations: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();

  const grouped = Math.floor(LOTS / 5);
  const lots: Array<{ lotId: number; endsAt: number; extended: boolean }> = [];
  for (let i = 0; i < LOTS; i++) {
    const inGroup = i < grouped;
    const endsAt = inGroup ? windowStart : windowStart + Math.floor(((i - grouped) * MINUTE) / (LOTS - grouped));
    const extended = !inGroup && i % 10 === 0;
    const row = await db
      .insertInto('lots')
      .values({
        auction_id: auctionId,
        lot_number: i + 1,
        starting_bid: 10_00,
        minimum_increment: 1_00,
        closing_group_id: inGroup ? group.id : null,
        date_completed: new Date(endsAt),
        allows_time_extension: extended,
        extension_duration_in_minutes: extended ? 1 : 0,
        extension_duration_maximum_minutes: extended ? 5 : 0,
        minutes_left_before_allowing_extension: extended ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const config: LotConfig = {
      lotId: String(row.id),
      auctionId: String(auctionId),
      type: 'bidding',
      startingBid: 10_00,
      minimumIncrement: 1_00,
      allowProxyBidding: true,
      endsAt,
      auctionEndsAt,
      allowsTimeExtension: extended,
      extensionDurationInMinutes: extended ? 1 : 0,
      extensionDurationMaximumMinutes: extended ? 5 : 0,
      minutesLeftBeforeAllowingExtension: extended ? 1 : 0,
      multiSalePrice: null,
      multiSaleQuantity: null,
      maxPerBidder: null,
    };
    const envelope = { commandId: randomUUID(), userId: null, at: Date.now(), auctionActive: true };
    await api.handle(lotStreamId(row.id), { ...envelope, type: 'OpenLot', config });
    // Every other lot has a bid, so closes record winners as well as lots without one.
    if (i % 2 === 0 && !extended) await bidOn(row.id, 11_00, Date.now());
    lots.push({ lotId: row.id, endsAt, extended });
  }
  log(
    `${LOTS} lots open, ${grouped} in one closing group; the first ends in ${Math.round((windowStart - Date.now()) / 1000)} s`,
  );

  async function bidOn(lotId: number, amount: number, at: number) {
    const bidderId = randomUUID();
    const command: LotCommand = {
      commandId: randomUUID(),
      userId: bidderId,
      at,
      auctionActive: true,
      type: 'PlaceBid',
      bidderId,
      amount,
    };
    const outcome = await api.handle(lotStreamId(lotId), command);
    if (!outcome.ok) throw new Error(`bid on lot ${lotId} refused: ${outcome.reason}`);
  }

  const { redisUrl } = services;
  const hubRedis = createRedis(redisUrl);
  const messages = createMessageQueue({ connection: { url: redisUrl } });
  const projections = startProjections({ pool, db, redis: hubRedis, onError: () => {} });
  for (let w = 0; w < WORKERS; w++) {
    const workerPool = createPool(postgres.url, 20);
    pools.push(workerPool);
    running.push(
      startAuctionWorkers({
        pool: workerPool,
        db: createDb(workerPool),
        connection: { url: redisUrl },
        hubRedis,
        messages,
        publicUrl: 'http://localhost:3000',
        sweepIntervalMs: 0,
        onError: (error) => log(`worker ${w}: ${error instanceof Error ? error.message : String(error)}`),
      }),
    );
  }
  await Promise.all(running.map((workers) => workers.swept));

  // Late bids: two seconds before their end, inside the one-minute window, so each extends by a minute.
  const lateBids = lots
    .filter((lot) => lot.extended)
    .map(
      (lot) =>
        new Promise<void>((done, fail) => {
          setTimeout(
            () => bidOn(lot.lotId, 20_00, Date.now()).then(done, fail),
            Math.max(0, lot.endsAt - 2_000 - Date.now()),
          );
        }),
    );
  await Promise.all(lateBids);
  log(`${lateBids.length} lots extended by late bids`);

  const lastEnd = Math.max(...lots.map((lot) => lot.endsAt + (lot.extended ? MINUTE : 0)));
  const deadline = lastEnd + 30_000;
  type Result = { closes: number; lagMs: number | null; extended: boolean };
  const resultOf = async (lotId: number): Promise<Result> => {
    const events = (await store.readStream(lotStreamId(lotId))) as unknown as LotEvent[];
    let endsAt = 0;
    let closes = 0;
    let lagMs: number | null = null;
    let extended = false;
    for (const event of events) {
      if (event.type === 'LotOpened') endsAt = event.data.endsAt;
      if (event.type === 'LotExtended' || event.type === 'LotRescheduled') {
        endsAt = event.data.endsAt;
        extended = true;
      }
      if (event.type === 'LotClosed') {
        closes += 1;
        if (lagMs === null) lagMs = event.meta.at - endsAt;
      }
    }
    return { closes, lagMs, extended };
  };
  let results: Result[] = [];
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    results = await Promise.all(lots.map((lot) => resultOf(lot.lotId)));
    const closed = results.filter((r) => r.closes > 0).length;
    if (closed === LOTS || Date.now() > deadline) break;
  }
  // A little longer, so that a late duplicate close would show.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  results = await Promise.all(lots.map((lot) => resultOf(lot.lotId)));

  const lags = results.flatMap((r) => (r.lagMs === null ? [] : [r.lagMs])).sort((a, b) => a - b);
  const percentileOf = (values: number[], p: number) =>
    values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? null;
  const percentile = (p: number) => percentileOf(lags, p);
  // The database's clock when the close's row was inserted (its transaction's start), minus the end.
  const inserted = await pool.query<{ lag_ms: number }>(
    `SELECT extract(epoch FROM e.created_at) * 1000 - s.ends_at AS lag_ms
     FROM events e
     JOIN LATERAL (
       SELECT coalesce(
         (SELECT (x.data->>'endsAt')::bigint FROM events x
          WHERE x.stream_id = e.stream_id AND x.stream_version < e.stream_version
            AND x.type IN ('LotExtended', 'LotRescheduled') ORDER BY x.stream_version DESC LIMIT 1),
         (SELECT (o.data->>'endsAt')::bigint FROM events o WHERE o.stream_id = e.stream_id AND o.type = 'LotOpened')
       ) AS ends_at
     ) s ON true
     WHERE e.type = 'LotClosed'`,
  );
  const insertLags = inserted.rows.map((row) => Number(row.lag_ms)).sort((a, b) => a - b);
  const figures = {
    lotsExpected: LOTS,
    lotsClosed: results.filter((r) => r.closes > 0).length,
    duplicateCloses: results.reduce((sum, r) => sum + Math.max(0, r.closes - 1), 0),
    closingLagP50Ms: percentile(50),
    closingLagP99Ms: percentile(99),
    closingLagMaxMs: lags[lags.length - 1] ?? null,
    insertLagP50Ms: Math.round(percentileOf(insertLags, 50) ?? Number.NaN),
    insertLagP99Ms: Math.round(percentileOf(insertLags, 99) ?? Number.NaN),
    lotsExtended: results.filter((r) => r.extended).length,
    lotsInClosingGroup: grouped,
    workers: WORKERS,
    machine: `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
  };
  console.log(JSON.stringify(figures, null, 2));
  if (JSON_FILE) writeFileSync(JSON_FILE, `${JSON.stringify(figures, null, 2)}\n`);

  for (const workers of running) await workers.stop();
  await projections.stop();
  await messages.close();
  hubRedis.disconnect();
} finally {
  for (const pool of pools) await pool.end().catch(() => undefined);
  await services.stop();
}
