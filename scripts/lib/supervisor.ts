import type { ChildProcess } from 'node:child_process';
import { DEFAULT_RESTART_POLICY, decideRestart, type RestartPolicy } from './restartPolicy.ts';

export interface SupervisedOptions {
  name: string;
  /** Starts the process with its stdout and stderr piped (the supervisor forwards them). */
  spawn: () => ChildProcess;
  policy?: RestartPolicy;
  log: (line: string) => void;
  /** Called once when the process died too often; the caller stops the product. */
  onGiveUp: (name: string, lastLines: string[]) => void;
  /** How many of the process's last output lines are kept for the give-up message. */
  keepLines?: number;
  now?: () => number;
}

/**
 * Keeps one process of the product running: its output goes through to the terminal, a death is
 * followed by a restart with backoff, and the rest of the product (the other processes, PostgreSQL,
 * Redis) is left alone. Five deaths in a minute end the supervision.
 */
export class Supervised {
  private child: ChildProcess | undefined;
  private readonly deaths: number[] = [];
  private readonly lastLines: string[] = [];
  private restartTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** How many times the process was started (1 at the first start). */
  starts = 0;

  constructor(private readonly options: SupervisedOptions) {}

  get process(): ChildProcess | undefined {
    return this.child;
  }

  start(): ChildProcess {
    const child = this.options.spawn();
    this.child = child;
    this.starts += 1;
    const keep = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      stream.write(chunk);
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.lastLines.push(line);
      const overflow = this.lastLines.length - (this.options.keepLines ?? 30);
      if (overflow > 0) this.lastLines.splice(0, overflow);
    };
    child.stdout?.on('data', keep(process.stdout));
    child.stderr?.on('data', keep(process.stderr));
    child.on('error', (error) => this.lastLines.push(`${this.options.name}: ${error.message}`));
    child.once('exit', (code, signal) => this.died(child, code, signal));
    return child;
  }

  private died(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopped || child !== this.child) return;
    const now = (this.options.now ?? Date.now)();
    this.deaths.push(now);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    const decision = decideRestart(this.deaths, now, this.options.policy ?? DEFAULT_RESTART_POLICY);
    if (decision.action === 'give-up') {
      this.options.log(`${this.options.name} exited (${how}) ${decision.deaths} times within a minute; giving up.`);
      this.stopped = true;
      this.options.onGiveUp(this.options.name, [...this.lastLines]);
      return;
    }
    this.options.log(`${this.options.name} exited (${how}); restarting in ${decision.delayMs} ms.`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.stopped) this.start();
    }, decision.delayMs);
  }

  /** Ends supervision and the process (SIGTERM, then SIGKILL after `graceMs`). */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}
