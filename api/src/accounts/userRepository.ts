import { BidderStatus, nickNameSkeleton } from '@auction/contract';
import type { Db, UsersTable } from '@auction/platform';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { profileOf } from './profile.ts';

export type UserRow = Selectable<UsersTable>;
/** A new account as its callers write it: the nickname's skeleton is derived here, never given. */
export type NewUser = Omit<Insertable<UsersTable>, 'nick_name_skeleton'>;
/** Changes to an account; a new nickname brings its skeleton with it (`updateUser`). */
export type UserChanges = Omit<Updateable<UsersTable>, 'nick_name_skeleton'>;

/**
 * Usernames are emails compared without case, as people type them. The typed one is folded in
 * JavaScript, as the per-account rate limits fold it (`normalisedIdentifier`): folded by
 * PostgreSQL instead, a spelling the two fold apart (`İ`: `i` in PostgreSQL, `i̇` in JavaScript)
 * would reach the account while counting in a bucket of its own, doubling an attacker's tries with
 * each `i` of the address. Such a spelling now names no account. The stored side stays `lower()`,
 * the unique index's expression.
 */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<boolean>`lower(username) = ${username.trim().toLowerCase()}`)
    .executeTakeFirst();
}

export function findUserByPhone(db: Db, digits: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone_number', '=', digits).executeTakeFirst();
}

/**
 * The account that proved it holds the number (a code texted to it, or the invitation's link it
 * registered from): a number typed into a profile is anyone's claim until then (docs/security.md).
 */
export function findUserByConfirmedPhone(db: Db, digits: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('phone_number', '=', digits)
    .where('phone_number_confirmed', '=', true)
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Whether no other account's nickname looks like this one (`nickNameSkeleton`, in the contract):
 * one lookup of the stored skeleton in its index (migration 0039). The check before a write
 * (registration, profile) runs again inside the write, under the lock of `withNickNameLock`.
 */
export async function isNickNameFree(db: Db, nickName: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('nick_name_skeleton', '=', nickNameSkeleton(nickName));
  if (exceptUserId) query = query.where('id', '<>', exceptUserId);
  return (await query.limit(1).executeTakeFirst()) === undefined;
}

/**
 * A nickname found to look like another account's inside the write itself: another request took
 * it between the route's check and the write. Reported as a unique-index violation would be.
 */
export class LookalikeNickName extends Error {
  readonly constraint = 'users_nick_name_skeleton';
  constructor() {
    super("the nickname looks like another account's");
  }
}

/**
 * Runs a write that sets a nickname, in a transaction that first holds the lock of the nickname's
 * skeleton and then checks it is still free; `write` is handed the skeleton to store. The index on
 * the stored skeleton is not unique (accounts from before the lookalike rule may share one:
 * docs/accounts.md), so two requests racing for lookalikes are serialised here instead: the second
 * one reads the first one's row once it has the lock, and is refused. Different skeletons take
 * different locks (a shared hash only makes them wait for one another).
 */
async function withNickNameLock<T>(
  db: Db,
  nickName: string,
  exceptUserId: string | undefined,
  write: (trx: Db, skeleton: string) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const skeleton = nickNameSkeleton(nickName);
    await sql`SELECT pg_advisory_xact_lock(hashtext('users.nick_name'), hashtext(${skeleton}))`.execute(trx);
    if (!(await isNickNameFree(trx, nickName, exceptUserId))) throw new LookalikeNickName();
    return write(trx, skeleton);
  });
}

export async function isPhoneFree(db: Db, digits: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('phone_number', '=', digits);
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) === undefined;
}

export async function isUsernameFree(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where(sql<boolean>`lower(username) = lower(${username.trim()})`);
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) === undefined;
}

/** Unique-index violations name the index, which says which field collided (a lookalike nickname, its rule). */
export function uniqueViolation(error: unknown): string | undefined {
  if (error instanceof LookalikeNickName) return error.constraint;
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' ? e.constraint : undefined;
}

/** A token is current while its account is enabled and its version is the account's (the hub checks it at connect). */
export async function isTokenCurrent(db: Db, userId: string, version: number): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['token_version', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user !== undefined && !user.disabled && user.token_version === version;
}

export function findUserByIdentityCode(db: Db, identityCode: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('identity_code', '=', identityCode).executeTakeFirst();
}

/** The auction a registration starts from, with whether it requires an address to bid. */
export function registrationAuction(db: Db, auctionId: number) {
  return db
    .selectFrom('auctions')
    .select(['id', 'type', 'require_address_to_bid'])
    .where('id', '=', auctionId)
    .executeTakeFirst();
}

/** The invitation a registration completes was used by another one meanwhile (`createUser`). */
export class InvitationUsed extends Error {
  constructor() {
    super('the invitation was used by another registration');
  }
}

/**
 * A new account in one transaction: the user, their admission to the auction they registered
 * from (as having visited it), and the onboarding invitation it completes. Answers the user's id.
 */
export function createUser(
  db: Db,
  values: NewUser,
  from: { auctionId?: number | undefined; invitationId?: number | undefined },
): Promise<string> {
  return withNickNameLock(db, values.nick_name, undefined, async (trx, skeleton) => {
    const row = await trx
      .insertInto('users')
      .values({ ...values, nick_name_skeleton: skeleton })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (from.auctionId !== undefined) {
      await trx
        .insertInto('auction_bidders')
        .values({ auction_id: from.auctionId, user_id: row.id, status: BidderStatus.Visited })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (from.invitationId !== undefined) {
      // Used once: of registrations racing with one code, only the first to get here takes it, and
      // the others roll back whole (the route's check before the transaction cannot see them).
      const taken = await trx
        .updateTable('onboarding_invitations')
        .set({ registered_user_id: row.id })
        .where('id', '=', from.invitationId)
        .where('registered_user_id', 'is', null)
        .executeTakeFirst();
      if (taken.numUpdatedRows === 0n) throw new InvitationUsed();
    }
    return row.id;
  });
}

/**
 * A nickname among the changes is checked again under its lock (withNickNameLock) and stored with
 * its skeleton, in the same statement, so the two never disagree.
 */
export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<void> {
  const update = (on: Db, set: Updateable<UsersTable>) =>
    on.updateTable('users').set(set).where('id', '=', id).execute();
  const nickName = changes.nick_name;
  if (typeof nickName === 'string') {
    await withNickNameLock(db, nickName, id, (trx, skeleton) =>
      update(trx, { ...changes, nick_name_skeleton: skeleton }),
    );
  } else await update(db, changes);
}

/**
 * A new password hash; every token issued before it stops working (the version moves on).
 * `temporary` sets or clears the temporary-password flag; left out, the flag stays as it is.
 */
export function setPassword(db: Db, id: string, passwordHash: string, temporary?: boolean): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      ...(temporary === undefined ? {} : { has_temporary_password: temporary }),
      token_version: sql`token_version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new email (username), to be confirmed again; every token issued before it stops working. */
export async function changeUsername(db: Db, id: string, username: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ username, email_confirmed: false, token_version: sql`token_version + 1` })
    .where('id', '=', id)
    .execute();
}

/** The users' table as the account routes use it (decorated as `app.users`). */
export function userRepository(db: Db) {
  return {
    byUsername: (username: string) => findUserByUsername(db, username),
    byPhone: (digits: string) => findUserByPhone(db, digits),
    byConfirmedPhone: (digits: string) => findUserByConfirmedPhone(db, digits),
    byId: (id: string) => findUserById(db, id),
    byIdentityCode: (identityCode: string) => findUserByIdentityCode(db, identityCode),
    isNickNameFree: (nickName: string, exceptUserId?: string) => isNickNameFree(db, nickName, exceptUserId),
    isPhoneFree: (digits: string, exceptUserId?: string) => isPhoneFree(db, digits, exceptUserId),
    isUsernameFree: (username: string, exceptUserId?: string) => isUsernameFree(db, username, exceptUserId),
    isTokenCurrent: (userId: string, version: number) => isTokenCurrent(db, userId, version),
    profileOf: (user: UserRow) => profileOf(db, user),
    registrationAuction: (auctionId: number) => registrationAuction(db, auctionId),
    create: (values: NewUser, from: Parameters<typeof createUser>[2]) => createUser(db, values, from),
    update: (id: string, changes: UserChanges) => updateUser(db, id, changes),
    confirmEmail: (id: string) => updateUser(db, id, { email_confirmed: true }),
    /** Confirms the profile's phone if it is still `phone`; answers whether it did. */
    confirmPhone: async (id: string, phone: string) => {
      const { numUpdatedRows } = await db
        .updateTable('users')
        .set({ phone_number_confirmed: true })
        .where('id', '=', id)
        .where('phone_number', '=', phone)
        .executeTakeFirst();
      return numUpdatedRows > 0n;
    },
    setPassword: (id: string, passwordHash: string, temporary?: boolean) =>
      setPassword(db, id, passwordHash, temporary),
    changeUsername: (id: string, username: string) => changeUsername(db, id, username),
  };
}
export type UserRepository = ReturnType<typeof userRepository>;
