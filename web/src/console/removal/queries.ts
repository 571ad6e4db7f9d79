import { bidRemoval, type operator } from '@auction/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** Bid ids hold a `#` (`<commandId>#<n>`): always encoded in a path. */
const bidPath = (lotId: number, bidId: string): `/api/${string}` =>
  `/api/admin/lots/${lotId}/bids/${encodeURIComponent(bidId)}`;

export const removalKeys = {
  all: [...consoleKeys.all, 'removal'] as const,
  lotBids: (lotId: number) => [...removalKeys.all, 'bids', lotId] as const,
  preview: (lotId: number, bidId: string) => [...removalKeys.all, 'preview', lotId, bidId] as const,
};

export const removalQueries = {
  /** The lot's standing bids as the engine holds them, newest first. */
  lotBids: (lotId: number) =>
    queryOptions({
      queryKey: removalKeys.lotBids(lotId),
      queryFn: ({ signal }) =>
        api<bidRemoval.LotBidsAnswer>(`/api/admin/lots/${lotId}/bids`, { signal, answer: bidRemoval.lotBidsAnswer }),
    }),
  /** Always read afresh: a preview is only worth the stream version it was made on. */
  preview: (lotId: number, bidId: string) =>
    queryOptions({
      queryKey: removalKeys.preview(lotId, bidId),
      queryFn: ({ signal }) =>
        api<bidRemoval.RemovalPreviewAnswer>(`${bidPath(lotId, bidId)}/removal-preview`, {
          signal,
          answer: bidRemoval.removalPreviewAnswer,
        }),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
};

export const removalMutations = {
  /** Confirms the previewed removal: refused (409) if the lot moved since `expectedVersion`. */
  remove: (lotId: number) =>
    mutationOptions({
      mutationKey: [...removalKeys.all, 'remove', lotId],
      mutationFn: ({
        bidId,
        reason,
        expectedVersion,
        commandId,
      }: {
        bidId: string;
        reason: string;
        expectedVersion: number;
        commandId: string;
      }) =>
        api<operator.LotCommandAnswer>(`${bidPath(lotId, bidId)}/remove`, {
          method: 'POST',
          body: { reason, expectedVersion, commandId },
        }),
    }),
};
