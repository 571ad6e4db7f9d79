import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { AccountCodePurpose, Db } from '@auction/platform';
import { sql } from 'kysely';

/**
 * One-time codes and tokens. Only their SHA-256 is stored, a new code replaces the previous one of
 * the same purpose, each has an expiry, and SMS codes die after a few wrong tries, so a six-digit
 * code cannot be guessed within its life.
 */
export const RECOVERY_CODE_LENGTH = 6;
export const CODE_MAX_ATTEMPTS = 5;

interface Policy {
  ttlMs: number;
  kind: 'digits' | 'token';
}

export const CODE_POLICIES: Record<AccountCodePurpose, Policy> = {
  emailConfirmation: { ttlMs: 7 * 24 * 3600_000, kind: 'token' },
  passwordReset: { ttlMs: 3600_000, kind: 'token' },
  recoveryCode: { ttlMs: 10 * 60_000, kind: 'digits' },
  phoneValidation: { ttlMs: 10 * 60_000, kind: 'digits' },
};

/**
 * A code bound to where it was sent (a phone validation code to the number it was texted to) is
 * hashed with that address: checked against another one, it does not match. Without it, a code
 * texted to one's own number, then the profile's number changed, would confirm a number never
 * texted (and invitations trust a confirmed number as its holder).
 */
const digest = (code: string, boundTo?: string) =>
  createHash('sha256')
    .update(boundTo === undefined ? code : `${code}\u0000${boundTo}`)
    .digest('hex');

/** When, and for a bound code where it was sent (the phone number texted). */
export interface CodeOptions {
  now?: Date;
  boundTo?: string;
}

function generate(kind: Policy['kind']): string {
  if (kind === 'token') return randomBytes(32).toString('base64url');
  return String(randomInt(0, 10 ** RECOVERY_CODE_LENGTH)).padStart(RECOVERY_CODE_LENGTH, '0');
}

export async function issueCode(
  db: Db,
  userId: string,
  purpose: AccountCodePurpose,
  { now = new Date(), boundTo }: CodeOptions = {},
): Promise<string> {
  const policy = CODE_POLICIES[purpose];
  const code = generate(policy.kind);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('account_codes')
      .values({
        user_id: userId,
        purpose,
        code_hash: digest(code, boundTo),
        expires_at: new Date(now.getTime() + policy.ttlMs),
      })
      .execute();
  });
  return code;
}

/**
 * True once per issued code: a match consumes it. A miss counts against the live code of that
 * purpose; at the limit the code is spent and a new one must be requested.
 */
export async function consumeCode(
  db: Db,
  userId: string,
  purpose: AccountCodePurpose,
  code: string,
  { now = new Date(), boundTo }: CodeOptions = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const live = await trx
      .selectFrom('account_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!live) return false;
    if (live.code_hash === digest(code.trim(), boundTo)) {
      await trx.updateTable('account_codes').set({ used_at: now }).where('id', '=', live.id).execute();
      return true;
    }
    await trx.updateTable('account_codes').set({ attempts: sql`attempts + 1` }).where('id', '=', live.id).execute();
    return false;
  });
}
