import type pg from 'pg';
import { type Checkpoint, START } from '../eventStore.ts';

/** Where each named subscriber (projection, hub relay) stopped, so a restart resumes instead of replaying. */
export async function loadCheckpoint(pool: pg.Pool, subscriptionId: string): Promise<Checkpoint> {
  const { rows } = await pool.query<{ transaction_id: string; global_position: string | number }>(
    'SELECT transaction_id::text AS transaction_id, global_position FROM subscription_checkpoints WHERE subscription_id = $1',
    [subscriptionId],
  );
  const row = rows[0];
  return row ? { transactionId: row.transaction_id, position: Number(row.global_position) } : START;
}

export async function saveCheckpoint(
  pool: Pick<pg.Pool, 'query'>,
  subscriptionId: string,
  checkpoint: Checkpoint,
): Promise<void> {
  await pool.query(
    `INSERT INTO subscription_checkpoints (subscription_id, transaction_id, global_position)
     VALUES ($1, $2::xid8, $3)
     ON CONFLICT (subscription_id) DO UPDATE
       SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
    [subscriptionId, checkpoint.transactionId, checkpoint.position],
  );
}
