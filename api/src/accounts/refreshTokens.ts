import { randomUUID } from 'node:crypto';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';

/**
 * A session's refresh tokens, one family per login (migration 0012). The family row holds the id
 * of the one token that may still be used; using it rotates it (the answer carries the next id),
 * and presenting any other token of the family means a copy is in someone else's hands: the whole
 * family is revoked, the rotated token included, so the thief and the owner both log in again.
 * The signed token only names its family and id; the row decides.
 */

export interface RefreshGrant {
  familyId: string;
  tokenId: string;
}

export type Rotation =
  | { outcome: 'rotated'; userId: string; remember: boolean; grant: RefreshGrant }
  /** An earlier token of the family: the family is now revoked. */
  | { outcome: 'reused' }
  /** Unknown, revoked or expired family. */
  | { outcome: 'invalid' };

export async function openFamily(db: Db, userId: string, remember: boolean, ttlSeconds: number): Promise<RefreshGrant> {
  const tokenId = randomUUID();
  // Expired families of this user are of no use any more: they go as a new one opens. Revoked
  // ones stay until they would have expired, as the record of a reuse or a logout.
  await db
    .deleteFrom('refresh_token_families')
    .where('user_id', '=', userId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  const row = await db
    .insertInto('refresh_token_families')
    .values({
      user_id: userId,
      remember,
      current_token_id: tokenId,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds}::integer)`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { familyId: row.id, tokenId };
}

/**
 * Spends `tokenId` and answers the family's next one, in one conditional UPDATE so that two
 * concurrent uses of the same token rotate it once: the second finds the id moved on and is a reuse.
 */
export async function rotateFamily(
  db: Db,
  presented: RefreshGrant,
  ttlSeconds: (remember: boolean) => number,
): Promise<Rotation> {
  const next = randomUUID();
  const rotated = await db
    .updateTable('refresh_token_families')
    .set({
      current_token_id: next,
      rotations: sql`rotations + 1`,
      rotated_at: sql`now()`,
      expires_at: sql<Date>`now() + make_interval(secs => CASE WHEN remember THEN ${ttlSeconds(true)}::integer ELSE ${ttlSeconds(false)}::integer END)`,
    })
    .where('id', '=', presented.familyId)
    .where('current_token_id', '=', presented.tokenId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'remember'])
    .executeTakeFirst();
  if (rotated) {
    return {
      outcome: 'rotated',
      userId: rotated.user_id,
      remember: rotated.remember,
      grant: { familyId: presented.familyId, tokenId: next },
    };
  }
  const revoked = await db
    .updateTable('refresh_token_families')
    .set({ revoked_at: sql`now()`, revoked_reason: 'reuse' })
    .where('id', '=', presented.familyId)
    .where('current_token_id', '<>', presented.tokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return revoked.numUpdatedRows > 0n ? { outcome: 'reused' } : { outcome: 'invalid' };
}

/** Logging out: no token of the family renews anything any more. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_token_families')
    .set({ revoked_at: sql`now()`, revoked_reason: 'logout' })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
