import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A TypeScript entry point as its own Node process (tsx as the loader, as production runs it), with
 * an IPC channel for the runner's own children. Output goes to the runner's stderr, prefixed.
 */
export function spawnNode(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
  /** Relay the child's stdout too (its stderr always is). */
  verbose = true,
): ChildProcess {
  const child = fork(resolve(ROOT, entry), [], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...nodeArgs],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
  };
  if (verbose) child.stdout?.on('data', relay);
  else child.stdout?.resume();
  child.stderr?.on('data', relay);
  child.on('error', (error) => process.stderr.write(`[${name}] ${error.message}\n`));
  return child;
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process serving ${url} exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

/** The next IPC message of the given type from a child, or a rejection when it exits first. */
export function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const onMessage = (message: { type?: string; error?: string }) => {
      if (message.type === type) {
        cleanup();
        resolvePromise(message as T);
      } else if (message.type === 'failed') {
        cleanup();
        reject(new Error(message.error));
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited (${code}) while waiting for "${type}"`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
