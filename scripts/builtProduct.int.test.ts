import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '@auction/platform';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@auction/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProcesses, ROOT } from './compileProcesses.ts';

/**
 * The built product: the API and the workers compiled as `npm run build` compiles them (into
 * folders of this run, inside their workspaces so they resolve the same packages), started with
 * plain `node` (no tsx, no loader in NODE_OPTIONS) against a database and a Redis of their own.
 */
const RUN = `.test-${process.pid}-${randomBytes(3).toString('hex')}`;
const children: ChildProcess[] = [];
let database: TestDatabase;
let env: NodeJS.ProcessEnv;

/** A process of the built product, with the end of what it wrote, to say why it stopped. */
interface Started {
  child: ChildProcess;
  output: () => string;
}

function start(script: string, extra: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.push(child);
  return { child, output: () => tail };
}

/**
 * The URL's first answer; fails at once, with what the process wrote, when it has exited or says
 * it could not listen.
 */
async function answered(url: string, process: Started, timeoutMs = 20_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      // Bounded: a port taken by another server that never answers must not hold the loop.
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return response;
    } catch {
      // not listening yet, or not answering
    }
    if (process.child.exitCode !== null || /not served|EADDRINUSE/.test(process.output())) {
      throw new Error(`${url}: not served (exit ${process.child.exitCode}): ${process.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer: ${process.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  await compileProcesses({
    [`api/dist/${RUN}/main`]: 'api/src/main.ts',
    [`workers/dist/${RUN}/main`]: 'workers/src/main.ts',
  });
  database = await createTestDatabase();
  // A Redis database of its own: these processes use the product's queue names, unprefixed.
  const redis = new URL(testRedisUrl());
  redis.pathname = '/9';
  const { NODE_OPTIONS: _loader, ...inherited } = process.env;
  env = {
    ...inherited,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: redis.toString(),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
});

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
  for (const workspace of ['api', 'workers'])
    rmSync(resolve(ROOT, workspace, 'dist', RUN), { recursive: true, force: true });
  await database?.drop();
});

/**
 * The workers with their metrics on a port found free. Another test file's server may take that
 * port before the workers bind it (they do after connecting to Redis); they then say so and run
 * without metrics, so a clash is tried again on another port, and anything else fails at once.
 */
async function workersWithMetrics(apiPort: number): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const metricsPort = await freePort();
    const workers = start(`workers/dist/${RUN}/main.js`, {
      PORT: String(apiPort),
      WORKERS_METRICS_PORT: String(metricsPort),
    });
    try {
      // They follow the log from its start: on a loaded 2-core machine that took more than 20 s once.
      return await answered(`http://127.0.0.1:${metricsPort}/metrics`, workers, 60_000);
    } catch (error) {
      if (attempt >= 3 || !/metrics not served/.test(workers.output())) throw error;
      workers.child.kill('SIGKILL');
    }
  }
}

describe('the built product', () => {
  it('runs the API and the workers with plain node against the same databases', async () => {
    const apiPort = await freePort();
    const api = start(`api/dist/${RUN}/main.js`, { PORT: String(apiPort) });

    const health = await answered(`http://127.0.0.1:${apiPort}/api/health`, api);
    expect(await health.json()).toMatchObject({ status: 'ok', postgres: { ok: true }, redis: { ok: true } });
    const apiMetrics = await (await answered(`http://127.0.0.1:${apiPort}/metrics`, api)).text();
    expect(apiMetrics).toContain('auction_bids_total');
    const workerMetrics = await (await workersWithMetrics(apiPort)).text();
    expect(workerMetrics).toContain('auction_queue_jobs{queue="closings",state="waiting"}');
    expect(workerMetrics).toContain('auction_projection_lag_events 0');
  }, 120_000);
});
