import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { aptInstall, onPath } from './aptInstall.ts';
import { assertPortFree, ServiceStartError } from './portCheck.ts';
import type { RunningService } from './postgres.ts';
import { describeStartupFailure } from './startupFailure.ts';

export interface LocalRedisOptions {
  dataDir: string;
  port: number;
  /** Keep the queue across restarts (append-only file); tests don't need it. */
  persistent: boolean;
  allowAptInstall: boolean;
  /** The server's own output. */
  log?: (line: string) => void;
  /** What the user should see: an apt-get install under way. */
  announce?: (line: string) => void;
  /** Out of the terminal's process group: Ctrl-C reaches only the caller, which stops it last (`npm start`). */
  ownProcessGroup?: boolean;
}

export const REDIS_MISSING_MESSAGE =
  'Redis is needed and redis-server was not found. Install it (Debian/Ubuntu: sudo apt-get install redis-server; ' +
  'macOS: brew install redis) or set REDIS_URL to a Redis you run.';

export async function startLocalRedis(options: LocalRedisOptions): Promise<RunningService> {
  const log = options.log ?? (() => {});
  if (
    !onPath('redis-server') &&
    !(
      options.allowAptInstall &&
      aptInstall(['redis-server'], options.announce ?? console.log) &&
      onPath('redis-server')
    )
  ) {
    throw new ServiceStartError(REDIS_MISSING_MESSAGE);
  }
  const dir = resolve(options.dataDir);
  const explain = (code: string | undefined, output: string) =>
    describeStartupFailure({
      service: 'Redis',
      code,
      output,
      port: options.port,
      dataDir: dir,
      urlVariable: 'REDIS_URL',
      portVariable: 'EMBEDDED_REDIS_PORT',
      binary: 'redis-server',
    });
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new ServiceStartError(explain((error as NodeJS.ErrnoException).code, String(error)));
  }
  await assertPortFree(options.port, (code) => new ServiceStartError(explain(code, '')));
  const args = ['--port', String(options.port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push('--appendonly', options.persistent ? 'yes' : 'no');
  const child = spawn('redis-server', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  await waitUntilReady(child, explain, log);
  return {
    url: `redis://127.0.0.1:${options.port}`,
    stop: () => stopChild(child),
  };
}

function waitUntilReady(
  child: ChildProcess,
  explain: (code: string | undefined, output: string) => string,
  log: (line: string) => void,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    let ready = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log(text);
      if (ready) return;
      output = (output + text).slice(-20_000);
      if (output.includes('Ready to accept connections')) {
        ready = true;
        resolvePromise();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error: NodeJS.ErrnoException) => reject(new ServiceStartError(explain(error.code, output))));
    child.once('exit', () => {
      if (!ready) reject(new ServiceStartError(explain(undefined, output)));
    });
  });
}

export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill(signal);
  });
}
