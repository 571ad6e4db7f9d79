import type { bidRemoval } from '@auction/contract';
import type { Db } from '@auction/platform';

type RemovalBidder = bidRemoval.RemovalBidder;

/** Engine bidder ids are user ids; anything else (a deleted account) is shown by its id. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The bidders of a lot as an operator identifies them: their full name (the nickname when they
 * gave none) and their email. Operators manage the organisation, so they see who bid; the public
 * bid history shows nicknames only.
 */
export async function bidderNames(db: Db, ids: readonly string[]): Promise<(id: string) => RemovalBidder> {
  const userIds = [...new Set(ids)].filter((id) => USER_ID.test(id));
  const rows =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'nick_name', 'username'])
          .where('id', 'in', userIds)
          .execute();
  const byId = new Map(
    rows.map((row) => {
      const fullName = `${row.first_name} ${row.last_name}`.trim();
      return [
        row.id,
        { userId: row.id, name: fullName || row.nick_name, email: row.username.includes('@') ? row.username : null },
      ];
    }),
  );
  return (id) => byId.get(id) ?? { userId: id, name: id, email: null };
}
