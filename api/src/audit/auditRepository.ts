import { lotStreamId } from '@auction/engine';
import { type AuditExport, type Checkpoint, exportStreams, latestCheckpoints } from '@auction/engine/audit';
import type pg from 'pg';

/** An event as stored, with the hash of the one before it in its stream (null: none, or gone). */
export interface StoredEvent {
  streamId: string;
  streamVersion: number;
  type: string;
  data: Record<string, unknown>;
  meta: { at: number } & Record<string, unknown>;
  recordedAt: number;
  hash: string;
  previousHash: string | null;
}

export interface AuditRepository {
  eventAt(streamId: string, version: number): Promise<StoredEvent | null>;
  latestCheckpoint(): Promise<Checkpoint | null>;
  /** Every event of every lot of the auction, with the latest checkpoint. */
  auctionExport(auctionId: number): Promise<AuditExport>;
}

export function auditRepository(pool: pg.Pool): AuditRepository {
  return {
    async eventAt(streamId, version) {
      const { rows } = await pool.query<{
        type: string;
        data: StoredEvent['data'];
        meta: StoredEvent['meta'];
        hash: string;
        recorded_at: string;
        previous_hash: string | null;
      }>(
        `SELECT e.type, e.data, e.meta, e.hash, (extract(epoch FROM e.created_at) * 1000)::bigint AS recorded_at,
                (SELECT p.hash FROM events p WHERE p.stream_id = e.stream_id AND p.stream_version = e.stream_version - 1)
                  AS previous_hash
         FROM events e WHERE e.stream_id = $1 AND e.stream_version = $2`,
        [streamId, version],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        streamId,
        streamVersion: version,
        type: row.type,
        data: row.data,
        meta: row.meta,
        recordedAt: Number(row.recorded_at),
        hash: row.hash,
        previousHash: row.previous_hash,
      };
    },
    async latestCheckpoint() {
      return (await latestCheckpoints(pool, 1))[0] ?? null;
    },
    async auctionExport(auctionId) {
      const { rows } = await pool.query<{ id: number }>('SELECT id FROM lots WHERE auction_id = $1 ORDER BY id', [
        auctionId,
      ]);
      return exportStreams(
        pool,
        String(auctionId),
        rows.map((row) => lotStreamId(row.id)),
      );
    },
  };
}
