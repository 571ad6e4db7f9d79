import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Supervised } from '../lib/supervisor.ts';

/** A process that says it started, then lives until killed. */
const longLived = () =>
  spawn(process.execPath, ['-e', 'console.log("up " + process.pid); setInterval(() => {}, 1000)'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('a supervised process', () => {
  it('killed with SIGKILL is restarted while its neighbour keeps running', async () => {
    const log: string[] = [];
    const api = new Supervised({ name: 'api', spawn: longLived, log: (l) => log.push(l), onGiveUp: () => {} });
    const workers = new Supervised({ name: 'workers', spawn: longLived, log: (l) => log.push(l), onGiveUp: () => {} });
    const first = api.start();
    const neighbour = workers.start();
    try {
      first.kill('SIGKILL');
      await until(() => api.starts === 2);
      expect(api.process?.pid).not.toBe(first.pid);
      expect(api.process?.exitCode).toBeNull();
      expect(workers.starts).toBe(1);
      expect(neighbour.exitCode).toBeNull();
      expect(log.some((l) => l.includes('api exited (signal SIGKILL); restarting'))).toBe(true);
    } finally {
      await api.stop();
      await workers.stop();
    }
    expect(api.process?.signalCode).toBe('SIGTERM');
  });

  it('that keeps dying is given up with its last lines', async () => {
    const dying = () =>
      spawn(process.execPath, ['-e', 'console.error("cannot connect to the database"); process.exit(3)'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    let gaveUp: string[] | undefined;
    const api = new Supervised({
      name: 'api',
      spawn: dying,
      log: () => {},
      onGiveUp: (_name, lines) => {
        gaveUp = lines;
      },
      policy: { maxDeaths: 5, windowMs: 60_000, firstDelayMs: 10, maxDelayMs: 20 },
    });
    api.start();
    await until(() => gaveUp !== undefined);
    expect(api.starts).toBe(5);
    expect(gaveUp).toContain('cannot connect to the database');
  });
});
