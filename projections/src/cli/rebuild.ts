import { openDatabase } from '../../../scripts/lib/database.ts';
import { progressBar } from '../../../scripts/lib/progressBar.ts';
import { rebuildProjections } from '../rebuildProjections.ts';

/**
 * `npm run projections:rebuild`: drops the read models' rows and rebuilds them from the event log,
 * with a progress bar on stderr. Safe while runners are up: they wait, then resume after it.
 * Reads DATABASE_URL, else the embedded database of `npm start`.
 */
const database = await openDatabase();
const bar = progressBar('rebuild');
let exitCode = 0;
try {
  const started = performance.now();
  const result = await rebuildProjections({ pool: database.pool, db: database.db, onProgress: bar.update });
  bar.done();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Rebuilt the read models of ${result.lots} lots from ${result.events} events in ${seconds} s.`);
} catch (error) {
  bar.done();
  console.error(`rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
