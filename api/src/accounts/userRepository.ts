import type { Db, UsersTable } from '@auction/platform';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';

export type UserRow = Selectable<UsersTable>;

/** Usernames are emails compared without case, as people type them. */
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<boolean>`lower(username) = lower(${username.trim()})`)
    .executeTakeFirst();
}

export function findUserByPhone(db: Db, digits: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone_number', '=', digits).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isNickNameFree(db: Db, nickName: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where(sql<boolean>`lower(nick_name) = lower(${nickName.trim()})`);
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) === undefined;
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

/** Unique-index violations name the index, which says which field collided. */
export function uniqueViolation(error: unknown): string | undefined {
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
