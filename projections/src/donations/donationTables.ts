import type { Database } from '@auction/platform';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Donation } from './donation.ts';

/** The donations read model to and from its table (migration 0008). */

type Db = Kysely<Database>;
const date = (ms: number) => new Date(ms);
const msOrNull = (value: Date | null) => (value === null ? null : value.getTime());

export function donationRow(d: Donation): Insertable<Database['donations']> {
  return {
    donation_id: d.donationId,
    auction_id: d.auctionId,
    user_id: d.userId,
    amount: d.amount,
    donated_at: date(d.donatedAt),
    client_date_created: d.clientDateCreated === null ? null : date(d.clientDateCreated),
    deleted_at: d.deletedAt === null ? null : date(d.deletedAt),
    deleted_by: d.deletedBy,
    stream_version: d.streamVersion,
  };
}

export function donationOf(row: Selectable<Database['donations']>): Donation {
  return {
    donationId: row.donation_id,
    auctionId: row.auction_id,
    userId: row.user_id,
    amount: row.amount,
    donatedAt: row.donated_at.getTime(),
    clientDateCreated: msOrNull(row.client_date_created),
    deletedAt: msOrNull(row.deleted_at),
    deletedBy: row.deleted_by,
    streamVersion: row.stream_version,
  };
}

export async function loadDonations(db: Db, donationIds: readonly string[]): Promise<Map<string, Donation>> {
  if (donationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('donations')
    .selectAll()
    .where('donation_id', '=', sql<string>`any(${[...donationIds]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.donation_id, donationOf(r)]));
}

/** Upserts, never going back to an older version of a donation. */
export async function writeDonations(db: Db, donations: readonly Donation[]): Promise<void> {
  if (donations.length === 0) return;
  await db
    .insertInto('donations')
    .values(donations.map(donationRow))
    .onConflict((oc) =>
      oc
        .column('donation_id')
        .doUpdateSet((eb) => ({
          auction_id: eb.ref('excluded.auction_id'),
          user_id: eb.ref('excluded.user_id'),
          amount: eb.ref('excluded.amount'),
          donated_at: eb.ref('excluded.donated_at'),
          client_date_created: eb.ref('excluded.client_date_created'),
          deleted_at: eb.ref('excluded.deleted_at'),
          deleted_by: eb.ref('excluded.deleted_by'),
          stream_version: eb.ref('excluded.stream_version'),
        }))
        .where('donations.stream_version', '<', (eb) => eb.ref('excluded.stream_version')),
    )
    .execute();
}
