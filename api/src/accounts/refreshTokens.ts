import { randomUUID } from 'node:crypto';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';

/**
 * A session's refresh tokens, one family per login (migration 0012). The family row holds the id
 * of the one token that may still be used; using it rotates it (the answer carries the next id),
 * and presenting any other token of the family means a copy is in someone else's hands: the whole
 * family is revoked, the rotated token included, so the thief and the owner both log in again.
 * The signed token only names its family and id; the row decides.
 *
 * One exception, for an answer lost on its way: the token spent last, presented again within
 * REFRESH_REPEAT_WINDOW_SECONDS of being spent, is answered with the family's current token, as a
 * repeated command is answered with its first result. Without it a page reloaded, or a phone's
 * connection dropped, while a refresh was under way ended the session: the server had rotated, the
 * browser kept the spent cookie, and its next refresh looked like a thief's (migration 0038).
 */

/**
 * How long the token just spent still repeats its answer. Long enough for a reload or a
 * reconnection to retry, short enough that a copy taken before the rotation is of little use after
 * it. The price: a copy presented within the window gets the current token too, without the family
 * ending as it did before; whichever holder then refreshes spends it, and the other's next refresh,
 * once the window has passed, is a reuse that ends the family. A repeat never moves the family's
 * expiry, survives no logout or revocation, and still meets the token version check (a password
 * change ends it).
 */
export const REFRESH_REPEAT_WINDOW_SECONDS = 60;

export interface RefreshGrant {
  familyId: string;
  tokenId: string;
}

export type Rotation =
  | { outcome: 'rotated'; userId: string; remember: boolean; grant: RefreshGrant }
  /** The token spent last, within the repeat window: the grant is the family's current token, unspent. */
  | { outcome: 'repeated'; userId: string; remember: boolean; grant: RefreshGrant }
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
 * concurrent uses of the same token rotate it once: the second finds the id moved on and, within
 * the repeat window, is answered with the same next one.
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
      previous_token_id: sql`current_token_id`,
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
  // Neither the window nor the expiry moves: repeating keeps nothing alive longer than the
  // rotation it repeats.
  const repeated = await db
    .selectFrom('refresh_token_families')
    .select(['user_id', 'remember', 'current_token_id'])
    .where('id', '=', presented.familyId)
    .where('previous_token_id', '=', presented.tokenId)
    .where('rotated_at', '>', sql<Date>`now() - make_interval(secs => ${REFRESH_REPEAT_WINDOW_SECONDS}::integer)`)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (repeated) {
    return {
      outcome: 'repeated',
      userId: repeated.user_id,
      remember: repeated.remember,
      grant: { familyId: presented.familyId, tokenId: repeated.current_token_id },
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
