import { join } from 'node:path';
import { lotStreamId, PostgresEventStore } from '@auction/engine';
import { formatHistory, replayLot, verifyStream } from '@auction/engine/replay';
import { createPool, loadConfig, startEmbeddedPostgres } from '@auction/platform';
import pg from 'pg';

/**
 * `npm run replay -- --lot ID [--json]`: an auditor's replay of one lot's stream.
 * `npm run replay -- --all --verify`: every lot, with a progress bar, reporting inconsistencies.
 * Reads DATABASE_URL, else the embedded database of `npm start` (started for the run if it is not running).
 */
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const lotIndex = args.indexOf('--lot');
const lotId = lotIndex >= 0 ? args[lotIndex + 1] : undefined;
if (!lotId && !flag('all')) {
  console.error('usage: npm run replay -- --lot ID [--json] | --all [--verify] [--json]');
  process.exit(2);
}

const config = loadConfig();
let stopEmbedded: (() => Promise<void>) | undefined;
let url = config.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/auction`;
if (!config.DATABASE_URL && !(await reachable(url))) {
  const embedded = await startEmbeddedPostgres({
    dataDir: join(config.DATA_DIR, 'postgres'),
    port: config.EMBEDDED_PG_PORT,
    database: 'auction',
  });
  url = embedded.url;
  stopEmbedded = embedded.stop;
}
const pool = createPool(url, 4);
const store = new PostgresEventStore(pool);
let exitCode = 0;
try {
  if (lotId) {
    const events = await store.readStream(lotStreamId(lotId));
    if (events.length === 0) {
      console.error(`lot ${lotId}: no events (unknown lot, or never opened)`);
      exitCode = 1;
    } else {
      const history = replayLot(lotStreamId(lotId), events);
      if (flag('json'))
        console.log(
          JSON.stringify({ streamId: history.streamId, entries: history.entries, standing: history.standing }, null, 2),
        );
      else console.log(formatHistory(history));
    }
  } else {
    const streams = await store.listStreams('lot-');
    const problems: Array<{ streamId: string; problems: string[] }> = [];
    for (const [i, streamId] of streams.entries()) {
      const events = await store.readStream(streamId);
      const found = verifyStream(events);
      if (found.length) problems.push({ streamId, problems: found });
      progress(i + 1, streams.length);
    }
    process.stderr.write('\n');
    if (flag('json'))
      console.log(JSON.stringify({ lots: streams.length, mismatches: problems.length, problems }, null, 2));
    else {
      console.log(`Replayed ${streams.length} lots: ${problems.length} with differences.`);
      for (const p of problems) console.log(`  ${p.streamId}: ${p.problems.join('; ')}`);
    }
    if (flag('verify') && problems.length) exitCode = 1;
  }
} finally {
  await pool.end();
  await stopEmbedded?.();
}
process.exit(exitCode);

function progress(done: number, total: number) {
  const width = 30;
  const filled = Math.round((done / Math.max(total, 1)) * width);
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
}

async function reachable(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
