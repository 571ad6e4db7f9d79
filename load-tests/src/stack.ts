import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, type RunningService, startEmbeddedPostgres, startLocalRedis, stopChild } from '@auction/platform';
import { prepareDatabase } from '../../scripts/lib/prepareDatabase.ts';
import { nextMessage, spawnNode, waitForHealth } from './processes.ts';

export interface StackOptions {
  apiProcesses: number;
  /** API processes started for the hub's WebSockets only. */
  hubProcesses: number;
  /** Use this PostgreSQL (migrated and given the demo's accounts here) instead of an embedded one. */
  databaseUrl: string | null;
  redisUrl: string | null;
  profileDir: string | null;
  /**
   * Workers processes that only send email and SMS (WORKER_ROLES=messages), at a lower priority
   * (niceness 10); 0 keeps the messages in the one workers process.
   */
  messageWorkers: number;
  log: (line: string) => void;
}

export interface Stack {
  apiUrls: string[];
  /** Where the watchers connect: the hub-only processes, or the API processes when there are none. */
  hubUrls: string[];
  databaseUrl: string;
  /** The embedded PostgreSQL's port, for pgbench; null when the database was given. */
  postgresPort: number | null;
  /** The API and workers processes, for their CPU time. */
  processes: { name: string; pid: number }[];
  /** The embedded PostgreSQL server's pid (its backends are its children); null when the database was given. */
  postgresPid: number | null;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it, for one load run: a fresh durable embedded PostgreSQL in a
 * temporary folder (fsync on, as in production), a redis-server, migrations and the demo (for its
 * operator account), the local email and SMS catchers, N API processes on their own ports and one
 * workers process. Everything is stopped, and the folder removed, by `stop()`.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { log } = options;
  const folder = mkdtempSync(join(tmpdir(), 'load-'));
  const services: RunningService[] = [];
  const children: ChildProcess[] = [];
  let messaging: ChildProcess | undefined;
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    if (messaging?.connected) {
      const exited = new Promise((resolveExit) => messaging?.once('exit', resolveExit));
      messaging.disconnect();
      await exited;
    }
    for (const service of services.reverse()) await service.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    let databaseUrl = options.databaseUrl;
    let postgresPort: number | null = null;
    if (!databaseUrl) {
      postgresPort = await freePort();
      log(`embedded PostgreSQL (durable) on port ${postgresPort}`);
      const pg = await startEmbeddedPostgres({
        dataDir: join(folder, 'postgres'),
        port: postgresPort,
        database: 'auction',
        durable: true,
        removeOnStop: true,
      });
      services.push(pg);
      databaseUrl = pg.url;
    }
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redis = await startLocalRedis({
        dataDir: join(folder, 'redis'),
        port: await freePort(),
        persistent: false,
        allowAptInstall: false,
      });
      services.push(redis);
      redisUrl = redis.url;
    }
    log(await prepareDatabase(databaseUrl, true));

    messaging = spawnNode('messaging', 'load-tests/src/messagingProcess.ts', { DATABASE_URL: databaseUrl });
    const local = await nextMessage<{ smtpUrl: string; twilioApiUrl: string }>(messaging, 'listening');
    const shared: NodeJS.ProcessEnv = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: join(folder, 'data'),
      // Every API process must verify the others' tokens.
      JWT_SECRET: randomBytes(36).toString('base64url'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The runner signs its bidders up from this machine, each under an address of its own
      // (X-Forwarded-For), so the per-address registration limit sees a crowd, not one guest.
      TRUST_PROXY: 'loopback',
      LOCAL_OUTBOX: 'true',
      SMTP_URL: local.smtpUrl,
      TWILIO_ACCOUNT_SID: 'AC-local',
      TWILIO_FROM_NUMBER: '+15145550100',
      TWILIO_API_URL: local.twilioApiUrl,
    };
    const total = options.apiProcesses + options.hubProcesses;
    const ports = await Promise.all(Array.from({ length: total }, () => freePort()));
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    const apiUrls = urls.slice(0, options.apiProcesses);
    const hubUrls = options.hubProcesses ? urls.slice(options.apiProcesses) : apiUrls;
    const nameOf = (i: number) =>
      i < options.apiProcesses
        ? `api ${i + 1}`
        : i < total
          ? `hub ${i - options.apiProcesses + 1}`
          : i === total
            ? 'workers'
            : `messages ${i - total}`;
    const profile = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(options.profileDir)] : [];
    ports.forEach((port, i) => {
      const env = { ...shared, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: urls[i], TWILIO_AUTH_TOKEN: '' };
      children.push(spawnNode(nameOf(i), 'api/src/main.ts', env, profile));
    });
    // The workers log every message they send (info) on stdout: only their errors are shown.
    const workersEnv = { ...shared, TWILIO_AUTH_TOKEN: 'local-token' };
    const apart = options.messageWorkers > 0;
    children.push(
      spawnNode(
        'workers',
        'workers/src/main.ts',
        { ...workersEnv, WORKER_ROLES: apart ? 'auction' : 'all' },
        profile,
        false,
      ),
    );
    for (let i = 0; i < options.messageWorkers; i++) {
      const child = spawnNode(
        `messages ${i + 1}`,
        'workers/src/main.ts',
        { ...workersEnv, WORKER_ROLES: 'messages' },
        profile,
        false,
      );
      // Bids, closings and live events first: the emails take what CPU is left and catch up after.
      if (child.pid) setPriority(child.pid, 10);
      children.push(child);
    }
    await Promise.all(urls.map((url, i) => waitForHealth(`${url}/api/health`, children[i] as ChildProcess)));
    const processes = [
      ...children.map((child, i) => ({ name: nameOf(i), pid: child.pid as number })),
      { name: 'messaging', pid: messaging.pid as number },
    ];
    log(
      `${apiUrls.length} API process(es) at ${apiUrls.join(', ')}` +
        `${options.hubProcesses ? `, ${options.hubProcesses} hub-only at ${hubUrls.join(', ')}` : ''}; workers started ` +
        `(pids: ${processes.map((p) => `${p.name} ${p.pid}`).join(', ')})`,
    );
    const postgresPid = options.databaseUrl
      ? null
      : Number(readFileSync(join(folder, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return { apiUrls, hubUrls, databaseUrl, postgresPort, postgresPid, processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
