import type { Database, Db } from '@auction/platform';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';

/**
 * The log follower's connection as a Db that never releases it: the runner applies a batch with
 * the query builder inside the transaction the follower opened, so the rows commit with the
 * checkpoint. Never call `transaction()` on it: the transaction is the follower's.
 */
export function dbOnConnection(client: pg.ClientBase): Db {
  const borrowed = { query: client.query.bind(client), release: () => undefined };
  const pool = { connect: async () => borrowed, end: async () => undefined };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

/** A Db (or its transaction) as the engine's `Queryable`: the rebuild and the lag gauge use the engine's checkpoint store. */
export function queryableOf(db: Kysely<Database>) {
  return {
    query: async <R>(text: string, values: unknown[] = []) => db.executeQuery<R>(CompiledQuery.raw(text, values)),
  };
}
