import { randomUUID } from 'node:crypto';
import { nickNameSkeleton } from '@auction/contract';
import type { Insertable } from 'kysely';
import type { Db } from './db.ts';
import type { AuctionBiddersTable, AuctionsTable, UsersTable } from './schema.ts';

/**
 * An organisation of its own and an Active auction of it, with only the columns a test or a
 * benchmark names besides those the table requires: the least a lot, a guest or an invoice needs
 * to belong somewhere. Answers both ids.
 */
export async function insertBareAuction(
  db: Db,
  columns: Partial<Insertable<AuctionsTable>> = {},
): Promise<{ organizationId: number; auctionId: number }> {
  const organization = await db
    .insertInto('organizations')
    .values({ name: `org-${randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const auction = await db
    .insertInto('auctions')
    .values({
      organization_id: organization.id,
      url_magic_link: `auction-${randomUUID()}`,
      status: 3,
      colors: '{}',
      footer: '{}',
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organizationId: organization.id, auctionId: auction.id };
}

/** One guest of `insertGuests`: the account's columns and the admission's, as the caller names them. */
export interface GuestRow {
  user?: Partial<Omit<Insertable<UsersTable>, 'username' | 'nick_name' | 'nick_name_skeleton' | 'password_hash'>>;
  bidder?: Partial<Omit<Insertable<AuctionBiddersTable>, 'auction_id' | 'user_id'>>;
}

/**
 * `count` accounts admitted to the auction (Visited unless named otherwise), each from
 * `guest(i)`, written 500 at a time: a gala's guests for a test or a benchmark. Emails and
 * nicknames are unique to the call. Answers the accounts' ids in order.
 */
export async function insertGuests(
  db: Db,
  auctionId: number,
  count: number,
  guest: (i: number) => GuestRow = () => ({}),
): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const ids: string[] = [];
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => guest(from + k));
    const users = await db
      .insertInto('users')
      .values(
        rows.map((row, k) => {
          const nickName = `guest${from + k}-${tag}`;
          return {
            username: `${nickName}@example.org`,
            nick_name: nickName,
            nick_name_skeleton: nickNameSkeleton(nickName),
            password_hash: 'x',
            ...row.user,
          };
        }),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('auction_bidders')
      .values(users.map((user, k) => ({ auction_id: auctionId, user_id: user.id, status: 2, ...rows[k]?.bidder })))
      .execute();
    ids.push(...users.map((user) => user.id));
  }
  return ids;
}
