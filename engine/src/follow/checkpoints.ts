import { type Checkpoint, START } from '../store/eventStore.ts';
import type { Queryable } from '../store/postgres/queryable.ts';

/**
 * The one checkpoint store: where each follower of the log (the read models, the closings, the
 * notifications) stopped, one row per subscription in `subscription_checkpoints`, so a restart
 * resumes instead of replaying. Each function runs on the connection it is given: a follower
 * passes the one holding its advisory lock, inside the transaction of its batch.
 */

const SELECT =
  'SELECT transaction_id::text AS transaction_id, global_position FROM subscription_checkpoints WHERE subscription_id = $1';

type Row = { transaction_id: string; global_position: string | number };

/**
 * The subscription's checkpoint (the start when it has none). With `lock`, inside a transaction,
 * its row stays locked until the commit: a follower compares it with the one its batch was read
 * from, so two of them (or a follower and a rebuild) never both save over the same batch.
 */
export async function loadCheckpoint(
  db: Queryable,
  subscriptionId: string,
  options: { lock?: boolean } = {},
): Promise<Checkpoint> {
  const { rows } = await db.query<Row>(options.lock ? `${SELECT} FOR UPDATE` : SELECT, [subscriptionId]);
  const row = rows[0];
  return row ? { transactionId: row.transaction_id, position: Number(row.global_position) } : START;
}

/** Sets the checkpoint, creating its row if needed (a rebuild, an operator moving it, a test). */
export async function saveCheckpoint(db: Queryable, subscriptionId: string, checkpoint: Checkpoint): Promise<void> {
  await db.query(
    `INSERT INTO subscription_checkpoints (subscription_id, transaction_id, global_position)
     VALUES ($1, $2::xid8, $3)
     ON CONFLICT (subscription_id) DO UPDATE
       SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
    [subscriptionId, checkpoint.transactionId, checkpoint.position],
  );
}

/** The row must exist before a follower locks it: FOR UPDATE cannot lock a row that is not there. */
export async function ensureCheckpoint(db: Queryable, subscriptionId: string): Promise<void> {
  await db.query(
    `INSERT INTO subscription_checkpoints (subscription_id, transaction_id, global_position)
     VALUES ($1, '0'::xid8, 0) ON CONFLICT (subscription_id) DO NOTHING`,
    [subscriptionId],
  );
}

export const sameCheckpoint = (a: Checkpoint, b: Checkpoint): boolean =>
  a.transactionId === b.transactionId && a.position === b.position;
