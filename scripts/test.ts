import { spawn, spawnSync } from 'node:child_process';
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
import { selectedTiers, TIERS, type Tier, untieredTestFiles } from './lib/testTiers.ts';

/**
 * `npm test`: lint and type-check, then every test of every workspace against a PostgreSQL and a
 * Redis started for this run (on free ports, so a running `npm start` is never touched).
 * `npm run test:unit|test:int|test:e2e` (`--tier <name>`) runs one tier; the unit tier starts no
 * server at all, so a unit test that reaches for one fails. `npm test -- PATH` starts the servers
 * only when the files it selects need them.
 * The last line is the plain summary `tests: N passed, N failed, N skipped`.
 */
const ROOT = resolve(import.meta.dirname, '..');
// One folder per run, so two runs at once (two terminals, parallel agents) never share a server.
const DATA = join(ROOT, '.data/test', `run-${process.pid}`);
const TEMPLATE = 'auction_template';
const log = (line: string) => console.log(`[test] ${line}`);
const { tier, vitestArgs: extraArgs } = parseArguments(process.argv.slice(2));
const wholeSuite = !tier && !extraArgs.length;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * The same, without blocking this process while the child runs. The test run's PostgreSQL and
 * Redis write their logs into pipes this process reads: blocked in spawnSync, it would stop reading,
 * and once a pipe is full every server process that logs (the checkpointer, at each DROP DATABASE)
 * would wait on it for good.
 */
function runWhileServing(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', () => resolvePromise(1));
    child.once('exit', (code) => resolvePromise(code ?? 1));
  });
}

/** `--tier unit` (or `--tier=unit`) picks one Vitest project; every other argument goes to Vitest. */
function parseArguments(args: string[]): { tier: Tier | null; vitestArgs: string[] } {
  let chosen: Tier | null = null;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const value = arg === '--tier' ? args[++i] : arg.startsWith('--tier=') ? arg.slice('--tier='.length) : undefined;
    if (value === undefined) {
      rest.push(arg);
      continue;
    }
    if (!TIERS.includes(value as Tier)) {
      console.error(`[test] --tier is one of ${TIERS.join(', ')}, not "${value}".`);
      process.exit(1);
    }
    chosen = value as Tier;
  }
  return { tier: chosen, vitestArgs: chosen ? ['--project', chosen, ...rest] : rest };
}

const untiered = untieredTestFiles(ROOT);
if (untiered.length) {
  console.error(
    `[test] These test files belong to no tier and would never run; name them *.unit, *.int or *.e2e.test.ts:`,
  );
  for (const file of untiered) console.error(`[test]   ${file}`);
  process.exit(1);
}

// Which tiers the run holds decides what it starts: the unit tier needs nothing, the integration
// tier PostgreSQL and Redis, the browser tier those and Chromium.
const tiers = wholeSuite ? new Set<Tier>(TIERS) : selectedTiers(ROOT, extraArgs);
const wantsServers = tiers.has('int') || tiers.has('e2e');
const wantsBrowser = tiers.has('e2e');
log(
  `Tiers: ${[...tiers].join(', ') || 'none selected'}${wantsServers ? '' : ' (no PostgreSQL, no Redis)'}${wantsBrowser ? ' (with Chromium)' : ''}.`,
);
if (wantsBrowser && !ensureChromium(log, process.env.ALLOW_APT_INSTALL !== 'false')) {
  console.error(`[test] ${CHROMIUM_MISSING_MESSAGE}`);
  process.exit(1);
}

let lintFailed = false;
if (wholeSuite) {
  log('Lint and format (biome), then type-check (tsc)…');
  lintFailed = run('npx', ['biome', 'check', '.']) !== 0;
  lintFailed = run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0 || lintFailed;
}

if (wholeSuite || tier === 'e2e') buildWebIfStale(log);

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

/** The test run's own PostgreSQL (with the migrated template) and Redis, and the variables that name them. */
async function startServices(): Promise<{ env: NodeJS.ProcessEnv; stop(): Promise<void> }> {
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
  const stop = async () => {
    await redis.stop();
    await postgres.stop();
  };
  await orStop(async () => {
    await resetDatabases(adminUrl);
    const templateUrl = adminUrl.replace(/\/postgres$/, `/${TEMPLATE}`);
    const templateDb = createDb(createPool(templateUrl, 2));
    await migrateToLatest(templateDb);
    await templateDb.destroy();
  }, stop);
  return {
    env: { TEST_PG_ADMIN_URL: adminUrl, TEST_PG_TEMPLATE: TEMPLATE, TEST_REDIS_URL: redis.url },
    stop,
  };
}

let status = 1;
let summary = { passed: 0, failed: 0, skipped: 0 };
const services = wantsServers ? await startServices() : null;
try {
  const results = join(DATA, 'vitest-results.json');
  rmSync(results, { force: true });
  status = await runWhileServing(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...extraArgs],
    // Without services the variables are unset, so a unit test that opens a database fails by name.
    services?.env ?? { TEST_PG_ADMIN_URL: undefined, TEST_PG_TEMPLATE: undefined, TEST_REDIS_URL: undefined },
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
  await services?.stop();
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
