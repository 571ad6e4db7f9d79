import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Runs a TypeScript entry point of the product as its own process. Its output is piped so the
 * supervisor can pass it through and keep its last lines for when it keeps dying.
 */
export function spawnProcess(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Waits for the API to answer its health check; `gaveUp` ends the wait early. */
export async function waitForHealth(url: string, gaveUp: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gaveUp()) throw new Error('the API process could not start (its last lines are above)');
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the API did not answer ${url} within ${timeoutMs / 1000}s`);
}
