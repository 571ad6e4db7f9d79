import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options.ts';
import { type LoadReport, runLoad } from '../src/runLoad.ts';
import { verifyRun } from '../src/verify.ts';

/**
 * A few seconds of the closing-minute scenario through the real runner (API and workers processes,
 * a redis-server of its own, the test's PostgreSQL), then the verification shown to catch what it
 * is for: an acknowledged bid missing, a bid recorded after its lot's end, a read model that no
 * longer equals the replay.
 */
let database: TestDatabase;
let report: LoadReport;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const options = parseOptions(
    [
      ...['--scenario', 'closing-minute', '--duration', '4s', '--lots', '3', '--bidders', '35'],
      ...['--watchers', '4', '--rate', '40', '--extension-minutes', '0', '--no-baselines'],
      ...['--database-url', database.url],
    ],
    {},
  );
  report = await runLoad(options, (line) => lines.push(line));
}, 90_000);

afterAll(async () => {
  await database?.drop();
});

describe('a short closing-minute run', () => {
  it('bids, watches, closes every lot and passes its verification with zeros', () => {
    expect(report.failures).toEqual([]);
    expect(report.details.acknowledged).toBeGreaterThan(10);
    expect(report).toMatchObject({ lost: 0, duplicated: 0, acceptedAfterEnd: 0, replayMismatches: 0, errors5xx: 0 });
    expect(report.details.unclosedLots).toBe(0);
    expect(report.closingLagP99Ms).not.toBeNull();
    expect(report.watchers).toBe(4);
    expect(report.details.propagationSamples).toBeGreaterThan(0);
    expect(report.propagationP99Ms).not.toBeNull();
  });

  it('finds a lost bid, a bid after the end and a read model that differs from the replay', async () => {
    const { rows: lots } = await database.pool.query<{ id: number }>(
      `SELECT l.id FROM lots l JOIN auctions a ON a.id = l.auction_id WHERE a.url_magic_link LIKE 'load-%' ORDER BY l.id`,
    );
    const lotIds = lots.map((l) => l.id);
    const stream = `lot-${lotIds[0]}`;
    const { rows } = await database.pool.query<{ version: number; ends_at: string }>(
      `SELECT max(stream_version) AS version,
              max((data->>'endsAt')::bigint) FILTER (WHERE type IN ('LotOpened', 'LotExtended')) AS ends_at
       FROM events WHERE stream_id = $1`,
      [stream],
    );
    const { version, ends_at } = rows[0] as { version: number; ends_at: string };
    // Written behind the engine's back: a bid after the close, which no projection has seen.
    await database.pool.query(
      `INSERT INTO events (stream_id, stream_version, type, data, meta, command_id, command_seq)
       VALUES ($1, $2, 'BidPlaced', $3, $4, 'forged-late-bid', 0)`,
      [
        stream,
        version + 1,
        JSON.stringify({
          bidId: 'forged-late-bid',
          bidderId: 'x',
          amount: 999_999,
          isAutoBid: false,
          isMaxBid: false,
          sourceCommandId: 'forged-late-bid',
        }),
        JSON.stringify({ commandId: 'forged-late-bid', userId: null, at: Number(ends_at) + 5 }),
      ],
    );
    const verification = await verifyRun({
      databaseUrl: database.url,
      lotIds,
      acknowledged: new Map([['never-recorded', lotIds[0] as number]]),
      closesExpected: true,
      // No workers run any more: the forged event will never be projected.
      projectionsTimeoutMs: 500,
      log: () => {},
    });
    expect(verification.lost).toBe(1);
    expect(verification.acceptedAfterEnd).toBe(1);
    expect(verification.replayMismatches).toBeGreaterThan(0);
    expect(verification.duplicated).toBe(0);
  });
});
