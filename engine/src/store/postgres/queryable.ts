import type pg from 'pg';

/**
 * What the store's reads and the checkpoint store need of a connection: a pool, a pinned client
 * (the log follower's, which holds its advisory lock and runs its transactions), or a query
 * builder's transaction adapted to it.
 */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}
