import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from './db.ts';
import type { AuctionsTable } from './schema.ts';

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
