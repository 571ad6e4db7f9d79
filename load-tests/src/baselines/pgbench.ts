import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDatabase } from '@auction/platform';
import pg from 'pg';

const DATABASE = 'load_pgbench';

/**
 * The machine's single-row insert limit, measured as engine/bench/engine-bench.ts does: pgbench
 * with 32 clients inserting one row per transaction into a table shaped like the events table, in
 * a database of its own on the same server (dropped afterwards). Null without pgbench on the PATH.
 */
export function pgbenchAvailable(): boolean {
  return spawnSync('sh', ['-c', 'command -v pgbench'], { stdio: 'ignore' }).status === 0;
}

export async function pgbenchInsertsPerSecond(databaseUrl: string, seconds: number): Promise<number | null> {
  if (!pgbenchAvailable()) return null;
  const url = new URL(databaseUrl);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  await ensureDatabase(adminUrl.toString(), DATABASE);
  const benchUrl = new URL(databaseUrl);
  benchUrl.pathname = `/${DATABASE}`;
  const client = new pg.Client({ connectionString: benchUrl.toString() });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS bench_events (global_position bigserial PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(), stream_id text NOT NULL, type text NOT NULL,
      data jsonb NOT NULL, meta jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  } finally {
    await client.end();
  }
  const script = join(tmpdir(), `load-pgbench-${process.pid}.sql`);
  writeFileSync(
    script,
    `INSERT INTO bench_events (stream_id, type, data, meta) VALUES ('s' || :client_id, 'BidPlaced', '{"amount": 100}', '{"commandId": "x"}');\n`,
  );
  const run = spawnSync(
    'pgbench',
    [
      ...['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)],
      ...['-n', '-c', '32', '-j', '2', '-T', String(seconds), '-f', script, DATABASE],
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) }, encoding: 'utf8' },
  );
  rmSync(script, { force: true });
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.end();
  const match = /tps = ([\d.]+)/.exec(run.stdout ?? '');
  return match ? Number(match[1]) : null;
}
