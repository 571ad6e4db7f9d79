import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS_LOCK_KEY, type Projections, readLotRows, startProjections } from '../src/index.ts';
import { bidder, createFixture, eventually, type Fixture, openLot, send } from './dbFixtures.ts';

let fixture: Fixture;
const runners: Projections[] = [];

beforeAll(async () => {
  fixture = await createFixture();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await fixture.database.drop();
});

const start = () => {
  const { pool, db } = fixture.database;
  const runner = startProjections({ pool, db, pollIntervalMs: 10, standbyRetryMs: 20 });
  runners.push(runner);
  return runner;
};

async function lockHolders(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND objid = ${PROJECTIONS_LOCK_KEY}
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(fixture.database.db);
  return rows[0]?.n ?? 0;
}

describe('several runners', () => {
  it('only one applies; the standby takes over when it stops', async () => {
    const first = start();
    const second = start();
    await eventually(() => expect(first.active || second.active).toBe(true));
    const [active, standby] = first.active ? [first, second] : [second, first];

    let both = false;
    const watch = setInterval(() => {
      if (first.active && second.active) both = true;
    }, 2);
    try {
      const lot = await openLot(fixture);
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          send(
            fixture.handler,
            lot,
            { type: 'PlaceBid', bidderId: bidder(), amount: 10_00 + i * 1_00 },
            { expectOk: false },
          ),
        ),
      );
      await standby.caughtUp();
      expect(active.active).toBe(true);
      expect(standby.active).toBe(false);
      expect(await lockHolders()).toBe(1);
      const before = (await readLotRows(fixture.database.db, [lot])).get(lot)?.view;
      expect(before?.bidCount).toBeGreaterThan(0);

      await active.stop();
      await eventually(() => expect(standby.active).toBe(true));
      const rows = await send(fixture.handler, lot, { type: 'PlaceBid', bidderId: bidder(), amount: 900_00 });
      expect(rows.ok).toBe(true);
      await standby.caughtUp();
      const after = (await readLotRows(fixture.database.db, [lot])).get(lot)?.view;
      expect(after).toMatchObject({ price: 900_00, bidCount: (before?.bidCount ?? 0) + 1 });
      expect(await lockHolders()).toBe(1);
    } finally {
      clearInterval(watch);
    }
    expect(both).toBe(false);
  });
});
