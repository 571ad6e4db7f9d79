import { type Db, dateTurningRed, type RedRule } from '@auction/platform';
import { sql } from 'kysely';

/** What the closings need of a lot's reference row: where it belongs and when it turns red. */
export interface LotReference {
  lotId: number;
  auctionId: number;
  lotNumber: number;
  closingGroupId: number | null;
  red: RedRule;
}

export async function readLotReferences(db: Db, lotIds: readonly number[]): Promise<Map<number, LotReference>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lots')
    .select([
      'id',
      'auction_id',
      'lot_number',
      'closing_group_id',
      'allows_time_extension',
      'minutes_left_before_allowing_extension',
    ])
    .where('id', 'in', [...lotIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        lotId: row.id,
        auctionId: row.auction_id,
        lotNumber: row.lot_number,
        closingGroupId: row.closing_group_id,
        red: {
          allowsTimeExtension: row.allows_time_extension,
          minutesLeftBeforeAllowingExtension: row.minutes_left_before_allowing_extension,
        },
      },
    ]),
  );
}

export interface ClosingGroupReference {
  groupId: number;
  auctionId: number;
  endsAt: number;
  /** When its first lot turns red, its lots ending with the group. */
  redAt: number;
}

export async function readClosingGroups(
  db: Db,
  groupIds: readonly number[],
): Promise<Map<number, ClosingGroupReference>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('closing_groups as g')
    .leftJoin('lots as l', 'l.closing_group_id', 'g.id')
    .select([
      'g.id',
      'g.auction_id',
      'g.ends_at',
      // The widest red window of the group's lots makes the earliest red date.
      sql<boolean>`coalesce(bool_or(l.allows_time_extension), false)`.as('any_extension'),
      sql<number>`coalesce(max(CASE WHEN l.allows_time_extension THEN l.minutes_left_before_allowing_extension END), 0)`.as(
        'widest_window',
      ),
      sql<boolean>`coalesce(bool_or(NOT l.allows_time_extension), true)`.as('any_without_extension'),
    ])
    .where('g.id', 'in', [...groupIds])
    .groupBy(['g.id', 'g.auction_id', 'g.ends_at'])
    .execute();
  return new Map(
    rows.map((row) => {
      const endsAt = row.ends_at.getTime();
      const reds = [
        ...(row.any_extension
          ? [
              dateTurningRed(endsAt, {
                allowsTimeExtension: true,
                minutesLeftBeforeAllowingExtension: Number(row.widest_window),
              }),
            ]
          : []),
        ...(row.any_without_extension
          ? [dateTurningRed(endsAt, { allowsTimeExtension: false, minutesLeftBeforeAllowingExtension: 0 })]
          : []),
      ];
      return [row.id, { groupId: row.id, auctionId: row.auction_id, endsAt, redAt: Math.min(...reds) }];
    }),
  );
}

/** The ids of a closing group's lots. */
export async function readGroupLots(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('lots').select('id').where('closing_group_id', '=', groupId).orderBy('id').execute();
  return rows.map((row) => row.id);
}
