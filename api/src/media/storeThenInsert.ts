import type { Database, Db } from '@auction/platform';
import type { MediaStore } from '@auction/platform/media';
import type { Transaction } from 'kysely';

/**
 * Writes an upload's files, then gives them their row in `insert`'s transaction. The files are
 * written first so that the row lock is not held while a bucket answers. When a file cannot be
 * written, or the transaction refuses or fails before its commit (too many photos, a database
 * error), the files written are removed again: no row will ever name them. A commit that fails may
 * still have committed, so then they stay, and the workers' collection removes them if no row names
 * them (workers/src/media/photoCollection.ts), as it does when a removal here fails.
 */
export async function storeThenInsert<T>(
  db: Db,
  store: MediaStore,
  files: ReadonlyArray<{ name: string; bytes: Buffer }>,
  insert: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let inserted = false;
  try {
    for (const file of files) await store.put(file.name, file.bytes, 'image/webp');
    return await db.transaction().execute(async (trx) => {
      const answer = await insert(trx);
      inserted = true;
      return answer;
    });
  } catch (error) {
    if (!inserted) await Promise.allSettled(files.map((file) => store.remove(file.name)));
    throw error;
  }
}
