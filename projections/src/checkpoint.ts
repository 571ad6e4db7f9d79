import { type Checkpoint, START } from '@auction/engine';
import type { Database } from '@auction/platform';
import { type Kysely, sql } from 'kysely';

/** The read models' row in `subscription_checkpoints`. */
export const PROJECTIONS_SUBSCRIPTION = 'read-models';

type Db = Kysely<Database>;

const columns = [sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'] as const;
const toCheckpoint = (row: { transaction_id: string; global_position: number } | undefined): Checkpoint =>
  row ? { transactionId: row.transaction_id, position: Number(row.global_position) } : START;

export async function readCheckpoint(db: Db): Promise<Checkpoint> {
  const row = await db
    .selectFrom('subscription_checkpoints')
    .select(columns)
    .where('subscription_id', '=', PROJECTIONS_SUBSCRIPTION)
    .executeTakeFirst();
  return toCheckpoint(row);
}

/**
 * Inside a batch's transaction: the checkpoint, with its row locked until the commit. Appliers
 * compare it with the one they read from, so two of them (or an applier and a rebuild) never
 * apply the same batch, whatever happened to the advisory lock.
 */
export async function lockCheckpoint(trx: Db): Promise<Checkpoint> {
  const row = await trx
    .selectFrom('subscription_checkpoints')
    .select(columns)
    .where('subscription_id', '=', PROJECTIONS_SUBSCRIPTION)
    .forUpdate()
    .executeTakeFirst();
  return toCheckpoint(row);
}

export async function writeCheckpoint(db: Db, checkpoint: Checkpoint): Promise<void> {
  await db
    .insertInto('subscription_checkpoints')
    .values({
      subscription_id: PROJECTIONS_SUBSCRIPTION,
      transaction_id: checkpoint.transactionId,
      global_position: checkpoint.position,
    })
    .onConflict((oc) =>
      oc.column('subscription_id').doUpdateSet({
        transaction_id: checkpoint.transactionId,
        global_position: checkpoint.position,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** The row must exist before appliers lock it: FOR UPDATE cannot lock a row that is not there. */
export async function ensureCheckpoint(db: Db): Promise<void> {
  await db
    .insertInto('subscription_checkpoints')
    .values({ subscription_id: PROJECTIONS_SUBSCRIPTION, transaction_id: START.transactionId, global_position: 0 })
    .onConflict((oc) => oc.column('subscription_id').doNothing())
    .execute();
}

export const sameCheckpoint = (a: Checkpoint, b: Checkpoint) =>
  a.transactionId === b.transactionId && a.position === b.position;
