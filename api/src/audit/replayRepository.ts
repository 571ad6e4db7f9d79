import type { auditReplay } from '@auction/contract';
import type pg from 'pg';

/** The rows the auditor's screens list: the auctions of some organisations, and an auction's lots. */
export interface ReplayRepository {
  /** Every auction of these organisations, archived ones included; null: every organisation. */
  auctionsOf(organizationIds: readonly number[] | null): Promise<auditReplay.AuditAuction[]>;
  /** The auction's lots by number, with how many events each stream holds. */
  lotsOf(auctionId: number): Promise<auditReplay.AuditLot[]>;
  /** A lot's number and names, or undefined. */
  lot(lotId: number): Promise<Omit<auditReplay.AuditLot, 'eventCount'> | undefined>;
}

const NAMES = `(SELECT jsonb_object_agg(t.language_code, t.name) FROM lot_translations t WHERE t.lot_id = l.id)`;

export function replayRepository(pool: pg.Pool): ReplayRepository {
  return {
    async auctionsOf(organizationIds) {
      if (organizationIds !== null && organizationIds.length === 0) return [];
      const { rows } = await pool.query<{
        id: number;
        organization_id: number;
        organization_name: string;
        status: number;
        date_open: Date | null;
        titles: Record<string, string> | null;
      }>(
        `SELECT a.id, a.organization_id, o.name AS organization_name, a.status, a.date_open,
           (SELECT jsonb_object_agg(t.language_code, t.title_short) FROM auction_translations t
             WHERE t.auction_id = a.id) AS titles
         FROM auctions a JOIN organizations o ON o.id = a.organization_id
         WHERE $1::int[] IS NULL OR a.organization_id = ANY($1::int[])
         ORDER BY a.date_open DESC NULLS LAST, a.id DESC`,
        [organizationIds === null ? null : [...organizationIds]],
      );
      return rows.map((row) => ({
        id: row.id,
        organizationId: row.organization_id,
        organizationName: row.organization_name,
        status: row.status,
        titles: row.titles ?? {},
        dateOpen: row.date_open?.toISOString() ?? null,
      }));
    },

    async lotsOf(auctionId) {
      // The stream's head version is its event count (versions are dense from 1); a lot's stream is
      // `lot-<id>` (lotStreamId).
      const { rows } = await pool.query<{
        id: number;
        lot_number: number;
        names: Record<string, string> | null;
        event_count: number;
      }>(
        `SELECT l.id, l.lot_number, ${NAMES} AS names,
           coalesce((SELECT max(e.stream_version) FROM events e WHERE e.stream_id = 'lot-' || l.id), 0)::int AS event_count
         FROM lots l WHERE l.auction_id = $1 ORDER BY l.lot_number, l.id`,
        [auctionId],
      );
      return rows.map((row) => ({
        id: row.id,
        lotNumber: row.lot_number,
        names: row.names ?? {},
        eventCount: row.event_count,
      }));
    },

    async lot(lotId) {
      const { rows } = await pool.query<{ id: number; lot_number: number; names: Record<string, string> | null }>(
        `SELECT l.id, l.lot_number, ${NAMES} AS names FROM lots l WHERE l.id = $1`,
        [lotId],
      );
      const row = rows[0];
      return row ? { id: row.id, lotNumber: row.lot_number, names: row.names ?? {} } : undefined;
    },
  };
}
