import type { Checkpoint } from '../store/eventStore.ts';
import type { Queryable } from '../store/postgres/queryable.ts';

/**
 * The newest committed event's place in the safe read's order, or null for an empty log. Ordered
 * by the xid8 column itself: an output alias of the same name would sort its text, putting
 * transaction 10000 before 9999.
 */
export async function logHead(db: Queryable): Promise<Checkpoint | null> {
  const { rows } = await db.query<{ xid: string; global_position: string | number }>(
    `SELECT transaction_id::text AS xid, global_position FROM events
     ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? { transactionId: row.xid, position: Number(row.global_position) } : null;
}

/**
 * Whether the subscription's stored checkpoint has reached `head` (by default the log's head now),
 * whichever process moved it. A transaction left open anywhere in the cluster holds the safe read
 * back, and this answer with it.
 */
export async function isCaughtUp(db: Queryable, subscriptionId: string, head?: Checkpoint | null): Promise<boolean> {
  const target = head === undefined ? await logHead(db) : head;
  if (target === null) return true;
  const { rows } = await db.query<{ done: boolean }>(
    `SELECT (transaction_id, global_position) >= ($2::xid8, $3::bigint) AS done
     FROM subscription_checkpoints WHERE subscription_id = $1`,
    [subscriptionId, target.transactionId, target.position],
  );
  return rows[0]?.done === true;
}

export interface WaitOptions {
  pollIntervalMs?: number;
  /** Give up after this long and answer false (default: wait for ever). */
  timeoutMs?: number;
  /** Checked between polls: once true, the wait rejects (its follower will never get there). */
  stopped?: () => boolean;
}

/** Resolves true once every event committed before the call is behind the subscription's checkpoint. */
export async function waitUntilCaughtUp(
  db: Queryable,
  subscriptionId: string,
  options: WaitOptions = {},
): Promise<boolean> {
  const head = await logHead(db);
  const deadline = options.timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.timeoutMs;
  for (;;) {
    if (await isCaughtUp(db, subscriptionId, head)) return true;
    if (options.stopped?.()) throw new Error(`${subscriptionId} stopped before catching up`);
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 50));
  }
}
