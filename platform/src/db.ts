import { createHash } from 'node:crypto';
import { type Compilable, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint columns hold cents and positions; they always fit in a JS number (< 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its server (restart, failover) must not crash the process; the next
  // query gets a fresh connection or a clear error.
  pool.on('error', (error) => {
    if ((error as { code?: string }).code !== '57P01') console.error(`[postgres] idle client error: ${error.message}`);
  });
  // A client held for a long time (the projections' lock session) loses its idle listener while
  // checked out; its query in flight rejects, and the event must not also crash the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') console.error(`[postgres] client error: ${error.message}`);
    });
  });
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * A pool and the Kysely instance over it, as a process opens its database: Kysely for the queries,
 * the pool itself for the event store and the log followers, which hold a client of their own.
 */
export function connectDb(connectionString: string, max?: number): { pool: pg.Pool; db: Db } {
  const pool = createPool(connectionString, max);
  return { pool, db: createDb(pool) };
}

/** Statement names by SQL text: hashing the text once per shape, not once per call. */
const statementNames = new Map<string, string>();

/**
 * Runs a kysely query as a named (prepared) statement: PostgreSQL parses and plans it once per
 * connection instead of on every call, which for the lot reads' correlated subqueries costs more
 * than running them. Only for queries with a bounded number of SQL shapes (values as parameters,
 * lists as one `any($n)` array): each distinct text becomes a statement every connection keeps.
 */
export async function executePrepared<R>(pool: pg.Pool, query: Compilable<R>): Promise<R[]> {
  const { sql, parameters } = query.compile();
  let name = statementNames.get(sql);
  if (!name) {
    name = `k_${createHash('sha1').update(sql).digest('base64url')}`;
    if (statementNames.size < 1_000) statementNames.set(sql, name);
  }
  const { rows } = await pool.query({ name, text: sql, values: parameters as unknown[] });
  return rows as R[];
}
