import type { auditReplay } from '@auction/contract';
import { lotStreamId } from '@auction/engine';
import { exportStreams } from '@auction/engine/audit';
import type { Db } from '@auction/platform';
import type pg from 'pg';
import { bidderNames } from '../bidRemoval/bidderNames.ts';
import { HttpError } from '../errors.ts';
import { replayRepository } from './replayRepository.ts';
import { peopleOf, replaySteps } from './replaySteps.ts';
import { streamVerification } from './streamVerification.ts';

/** The auditor's reads (docs/audit.md, "The auditor's replay"); who may call them is the route's check. */
export interface AuditReplayService {
  auctionsOf(organizationIds: readonly number[] | null): Promise<auditReplay.AuditAuction[]>;
  lotsOf(auctionId: number): Promise<auditReplay.AuditLot[]>;
  replay(lotId: number, auctionId: number): Promise<auditReplay.LotReplay>;
}

export function auditReplayService(pool: pg.Pool, db: Db, trustedKey?: string): AuditReplayService {
  const repository = replayRepository(pool);
  return {
    auctionsOf: (organizationIds) => repository.auctionsOf(organizationIds),
    lotsOf: (auctionId) => repository.lotsOf(auctionId),

    async replay(lotId, auctionId) {
      const lot = await repository.lot(lotId);
      if (!lot) throw new HttpError(404, 'item_not_found');
      const streamId = lotStreamId(lotId);
      // One statement reads the stream with its hashes and the latest checkpoint: the steps shown
      // are the very rows the verdict is computed on.
      const log = await exportStreams(pool, String(auctionId), [streamId]);
      const events = log.streams[0]?.events ?? [];
      const nameOf = await bidderNames(db, peopleOf(events));
      return {
        lotId,
        auctionId,
        lotNumber: lot.lotNumber,
        names: lot.names,
        streamId,
        steps: replaySteps(events, nameOf),
        verification: streamVerification(streamId, events, log.checkpoint, trustedKey),
      };
    },
  };
}
