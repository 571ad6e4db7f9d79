import { loadDemo } from '@auction/api';
import { createDb, createPool, migrateToLatest } from '@auction/platform';

/** Migrations, then the demo (once); returns a line to print. */
export async function prepareDatabase(databaseUrl: string, withDemo: boolean): Promise<string> {
  const db = createDb(createPool(databaseUrl, 4));
  try {
    const applied = await migrateToLatest(db);
    const migrated = applied.length ? `Applied migrations: ${applied.join(', ')}.` : 'Database schema is up to date.';
    if (!withDemo) return migrated;
    const demo = await loadDemo(db, null);
    const demoLine = demo.loaded
      ? `Demo loaded${demo.archived ? ` (archived ${demo.archived} ended demo auctions)` : ''}.`
      : 'Demo already loaded.';
    return `${migrated} ${demoLine}`;
  } finally {
    await db.destroy();
  }
}
