import { lotStreamId, waitUntilCaughtUp } from '@auction/engine';
import { connectDb, createPool } from '@auction/platform';
import { PROJECTIONS_SUBSCRIPTION, verifyReadModels } from '@auction/projections';
import { lotTimeline, type RecordedLotEvent } from './lotTimeline.ts';
import { percentile, sortedCopy } from './stats.ts';

export interface VerifyInput {
  databaseUrl: string;
  lotIds: number[];
  /** Every acknowledged (2xx) bid: its command id as the engine records it (scoped to the bidder) and lot. */
  acknowledged: ReadonlyMap<string, number>;
  /** Whether every lot should have closed by now (its end passed during the run). */
  closesExpected: boolean;
  /** How long to wait for the projections to catch up before comparing (default 60 s). */
  projectionsTimeoutMs?: number;
  log: (line: string) => void;
}

export interface Verification {
  lost: number;
  duplicated: number;
  acceptedAfterEnd: number;
  replayMismatches: number;
  /** Lots that should have closed and have no LotClosed. */
  unclosedLots: number;
  closingLagP50Ms: number | null;
  closingLagP99Ms: number | null;
  closingLagMaxMs: number | null;
  eventsRead: number;
  examples: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The run's verification, read from PostgreSQL directly: every acknowledged bid is in its lot's
 * stream exactly once, no bid was recorded at or after its lot's end (as it stood then), and once
 * the projections have caught up, the read models equal a fresh replay of every lot stream.
 */
export async function verifyRun(input: VerifyInput): Promise<Verification> {
  const { pool, db } = connectDb(input.databaseUrl, 4);
  const streams = input.lotIds.map((id) => lotStreamId(id));
  const examples: string[] = [];
  try {
    const timeoutMs = input.projectionsTimeoutMs ?? 60_000;
    if (!(await waitUntilCaughtUp(pool, PROJECTIONS_SUBSCRIPTION, { timeoutMs, pollIntervalMs: 200 }))) {
      input.log(
        `the projections did not catch up within ${timeoutMs / 1000}s: the read-model comparison will show the lag`,
      );
    }

    const commandCounts = new Map<string, number>();
    const lags: number[] = [];
    let acceptedAfterEnd = 0;
    let unclosedLots = 0;
    let eventsRead = 0;
    for (let i = 0; i < streams.length; i += 50) {
      const chunk = streams.slice(i, i + 50);
      const { rows } = await pool.query<{ stream_id: string } & RecordedLotEvent>(
        'SELECT stream_id, type, data, meta FROM events WHERE stream_id = ANY($1) ORDER BY stream_id, stream_version',
        [chunk],
      );
      eventsRead += rows.length;
      const byStream = new Map<string, RecordedLotEvent[]>();
      for (const row of rows) {
        const list = byStream.get(row.stream_id) ?? [];
        list.push(row);
        byStream.set(row.stream_id, list);
      }
      for (const streamId of chunk) {
        const timeline = lotTimeline(byStream.get(streamId) ?? []);
        for (const [commandId, n] of timeline.manualBids)
          commandCounts.set(commandId, (commandCounts.get(commandId) ?? 0) + n);
        acceptedAfterEnd += timeline.lateBids.length;
        for (const late of timeline.lateBids.slice(0, 2)) {
          examples.push(`${streamId}: bid ${late.commandId} at ${late.at}, end ${late.endsAt}`);
        }
        if (timeline.closingLagMs !== null) lags.push(timeline.closingLagMs);
        else if (input.closesExpected && !timeline.closed) unclosedLots++;
      }
    }
    let lost = 0;
    let duplicated = 0;
    for (const [commandId, lotId] of input.acknowledged) {
      const n = commandCounts.get(commandId) ?? 0;
      if (n === 0) lost++;
      if (n > 1) duplicated++;
      if (n !== 1 && examples.length < 10)
        examples.push(`lot ${lotId}: acknowledged bid ${commandId} recorded ${n} times`);
    }

    input.log('comparing the read models with a replay of every lot stream…');
    const readModels = await verifyReadModels({ pool, db });
    for (const m of readModels.mismatches.slice(0, 5)) {
      examples.push(
        `lot ${m.lotId} ${m.field}: read model ${JSON.stringify(m.readModel)}, replay ${JSON.stringify(m.replay)}`,
      );
    }
    const sorted = sortedCopy(lags);
    return {
      lost,
      duplicated,
      acceptedAfterEnd,
      replayMismatches: readModels.mismatches.length,
      unclosedLots,
      closingLagP50Ms: percentile(sorted, 0.5),
      closingLagP99Ms: percentile(sorted, 0.99),
      closingLagMaxMs: sorted.at(-1) ?? null,
      eventsRead,
      examples,
    };
  } finally {
    await db.destroy();
  }
}

/** Until every lot has a LotClosed, or `until` (epoch ms) passes. */
export async function waitForCloses(databaseUrl: string, lotIds: number[], until: number, log: (line: string) => void) {
  const pool = createPool(databaseUrl, 1);
  const streams = lotIds.map((id) => lotStreamId(id));
  let closed = 0;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(DISTINCT stream_id)::int AS n FROM events WHERE type = 'LotClosed' AND stream_id = ANY($1)`,
      [streams],
    );
    closed = rows[0]?.n ?? 0;
    if (closed >= streams.length || Date.now() > until) break;
    await sleep(250);
  }
  await pool.end();
  log(`${closed} of ${streams.length} lots closed`);
}
