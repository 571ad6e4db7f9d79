import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { PostgresEventStore, type PostgresEventStoreOptions } from '../../src/store/postgres/postgresEventStore.ts';

/**
 * A database of the file's own with the PostgreSQL event store on it: created before the file's
 * tests (handed to `onStarted`), dropped after them.
 */
export function useEventStore(
  onStarted: (started: { database: TestDatabase; store: PostgresEventStore }) => void,
  options?: PostgresEventStoreOptions,
): void {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    onStarted({ database, store: new PostgresEventStore(database.pool, options) });
  });
  afterAll(async () => {
    await database?.drop();
  });
}
