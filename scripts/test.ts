import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  createDb,
  createPool,
  ensureDatabase,
  freePort,
  migrateToLatest,
  startEmbeddedPostgres,
  startLocalRedis,
} from '@auction/platform';
import pg from 'pg';
import { buildWebIfStale } from './lib/buildWeb.ts';
import { CHROMIUM_MISSING_MESSAGE, ensureChromium } from './lib/chromium.ts';

/**
 * `npm test`: lint and type-check, then every test of every workspace against a PostgreSQL and a
 * Redis started for this run (on free ports, so a running `npm start` is never touched).
 * The last line is the plain summary `tests: N passed, N failed, N skipped`.
 */
const ROOT = resolve(import.meta.dirname, '..');
// One folder per run, so two runs at once (two terminals, parallel agents) never share a server.
const DATA = join(ROOT, '.data/test', `run-${process.pid}`);
const TEMPLATE = 'auction_template';
const log = (line: string) => console.log(`[test] ${line}`);
const extraArgs = process.argv.slice(2);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

// The browser tests run in the whole suite and whenever the path asked for holds some.
const wantsBrowser = !extraArgs.length || extraArgs.some((arg) => /e2e|web/.test(arg));
if (wantsBrowser && !ensureChromium(log, process.env.ALLOW_APT_INSTALL !== 'false')) {
  console.error(`[test] ${CHROMIUM_MISSING_MESSAGE}`);
  process.exit(1);
}

let lintFailed = false;
if (!extraArgs.length) {
  log('Lint and format (biome), then type-check (tsc)…');
  lintFailed = run('npx', ['biome', 'check', '.']) !== 0;
  lintFailed = run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0 || lintFailed;
}

if (!extraArgs.length) buildWebIfStale(log);

/** A server that cannot start stops the run with its one-sentence reason, not a stack trace. */
async function orStop<T>(start: () => Promise<T>, cleanup: () => Promise<void> = async () => {}): Promise<T> {
  try {
    return await start();
  } catch (error) {
    console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
    await cleanup();
    process.exit(1);
  }
}

const pgPort = await freePort();
const postgres = await orStop(() =>
  startEmbeddedPostgres({
    dataDir: join(DATA, 'postgres'),
    port: pgPort,
    database: 'postgres',
    durable: false,
    removeOnStop: true,
  }),
);
const adminUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`;
const redisPort = await freePort();
const redisDir = join(DATA, 'redis');
rmSync(redisDir, { recursive: true, force: true });
const redis = await orStop(
  () =>
    startLocalRedis({
      dataDir: redisDir,
      port: redisPort,
      persistent: false,
      allowAptInstall: process.env.ALLOW_APT_INSTALL !== 'false',
      announce: log,
    }),
  () => postgres.stop(),
);

let status = 1;
let summary = { passed: 0, failed: 0, skipped: 0 };
try {
  await resetDatabases(adminUrl);
  const templateUrl = adminUrl.replace(/\/postgres$/, `/${TEMPLATE}`);
  const templateDb = createDb(createPool(templateUrl, 2));
  await migrateToLatest(templateDb);
  await templateDb.destroy();

  const results = join(DATA, 'vitest-results.json');
  rmSync(results, { force: true });
  status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...extraArgs],
    {
      TEST_PG_ADMIN_URL: adminUrl,
      TEST_PG_TEMPLATE: TEMPLATE,
      TEST_REDIS_URL: redis.url,
    },
  );
  if (existsSync(results)) {
    const json = JSON.parse(readFileSync(results, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    summary = {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  }
} finally {
  await redis.stop();
  await postgres.stop();
  rmSync(DATA, { recursive: true, force: true });
}

// Lint and type-check count as one check each run: a red lint is a failure, not a footnote.
if (lintFailed) {
  console.log('[test] lint or type-check failed (see above)');
  summary.failed += 1;
}
if (status !== 0 && summary.failed === 0) summary.failed = 1;
console.log(`tests: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(status !== 0 || lintFailed ? 1 : 0);

/** Test databases from an interrupted run are dropped; the template is rebuilt from the migrations. */
async function resetDatabases(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 't\\_%' OR datname = $1",
    [TEMPLATE],
  );
  for (const { datname } of rows) await client.query(`DROP DATABASE ${client.escapeIdentifier(datname)} WITH (FORCE)`);
  await client.end();
  await ensureDatabase(url, TEMPLATE);
}
