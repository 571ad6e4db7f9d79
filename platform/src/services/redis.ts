import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import type { RunningService } from './postgres.ts';

export interface LocalRedisOptions {
  dataDir: string;
  port: number;
  /** Keep the queue across restarts (append-only file); tests don't need it. */
  persistent: boolean;
  allowAptInstall: boolean;
  log?: (line: string) => void;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Debian and Ubuntu ship redis-server; install it when we may (root, or sudo without a password). */
function installRedisWithApt(log: (line: string) => void): boolean {
  if (!existsSync('/etc/debian_version') || !onPath('apt-get')) return false;
  const asRoot = userInfo().uid === 0;
  if (!asRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) return false;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  log('redis-server is missing: installing it with apt-get…');
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', 'redis-server'],
  ]) {
    const [cmd, ...rest] = [...prefix, ...args] as [string, ...string[]];
    const run = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (run.status !== 0) return false;
  }
  return onPath('redis-server');
}

export const REDIS_MISSING_MESSAGE =
  'Redis is needed and redis-server was not found. Install it (Debian/Ubuntu: sudo apt-get install redis-server; ' +
  'macOS: brew install redis) or set REDIS_URL to a Redis you run.';

export async function startLocalRedis(options: LocalRedisOptions): Promise<RunningService> {
  const log = options.log ?? (() => {});
  if (!onPath('redis-server') && !(options.allowAptInstall && installRedisWithApt(log))) {
    throw new Error(REDIS_MISSING_MESSAGE);
  }
  const dir = resolve(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const args = ['--port', String(options.port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push('--appendonly', options.persistent ? 'yes' : 'no');
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitUntilReady(child, options.port, log);
  return {
    url: `redis://127.0.0.1:${options.port}`,
    stop: () => stopChild(child),
  };
}

function waitUntilReady(child: ChildProcess, port: number, log: (line: string) => void): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      log(text);
      if (text.includes('Ready to accept connections')) resolvePromise();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      reject(
        new Error(
          `redis-server exited (${code}) on port ${port}. Is the port in use? Set EMBEDDED_REDIS_PORT or REDIS_URL.\n${output.slice(-500)}`,
        ),
      );
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
