import { join } from 'node:path';
import { connectDb, type Db, loadConfig, startEmbeddedPostgres } from '@auction/platform';
import pg from 'pg';

export interface OpenDatabase {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

/**
 * The database a command-line tool works on: DATABASE_URL, else the embedded database of
 * `npm start`, started for the run when it is not running (and stopped again by close()).
 */
export async function openDatabase(poolSize = 4): Promise<OpenDatabase> {
  const config = loadConfig();
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = config.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/auction`;
  if (!config.DATABASE_URL && !(await reachable(url))) {
    const embedded = await startEmbeddedPostgres({
      dataDir: join(config.DATA_DIR, 'postgres'),
      port: config.EMBEDDED_PG_PORT,
      database: 'auction',
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const { pool, db } = connectDb(url, poolSize);
  return {
    pool,
    db,
    async close() {
      await db.destroy();
      await stopEmbedded?.();
    },
  };
}

async function reachable(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
