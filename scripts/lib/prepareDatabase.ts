import { engineBidding, loadDemo } from '@auction/api';
import { createLotCommandHandler, PostgresEventStore } from '@auction/engine';
import { connectDb, migrateToLatest } from '@auction/platform';

/** Migrations, then the demo (once); returns a line to print. */
export async function prepareDatabase(databaseUrl: string, withDemo: boolean): Promise<string> {
  const { pool, db } = connectDb(databaseUrl, 4);
  try {
    const applied = await migrateToLatest(db);
    const migrated = applied.length ? `Applied migrations: ${applied.join(', ')}.` : 'Database schema is up to date.';
    if (!withDemo) return migrated;
    const handler = createLotCommandHandler(new PostgresEventStore(pool));
    const demo = await loadDemo(db, (adminId) => engineBidding(db, handler, adminId));
    const demoLine = demo.loaded
      ? `Demo loaded${demo.archived ? ` (archived ${demo.archived} ended demo auctions)` : ''}.`
      : 'Demo already loaded.';
    return `${migrated} ${demoLine}`;
  } finally {
    await db.destroy();
  }
}
