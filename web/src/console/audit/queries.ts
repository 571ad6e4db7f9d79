import type { auditReplay } from '@auction/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** The auditor's replay (docs/audit.md): auctions and lots to audit, a lot's steps, the auction's export. */
export const auditKeys = {
  all: [...consoleKeys.all, 'audit'] as const,
  auctions: () => [...auditKeys.all, 'auctions'] as const,
  lots: (auctionId: number) => [...auditKeys.all, 'lots', auctionId] as const,
  replay: (lotId: number) => [...auditKeys.all, 'replay', lotId] as const,
};

export const auditQueries = {
  auctions: () =>
    queryOptions({
      queryKey: auditKeys.auctions(),
      queryFn: ({ signal }) => api<auditReplay.AuditAuction[]>('/api/audit/auctions', { signal }),
    }),
  lots: (auctionId: number) =>
    queryOptions({
      queryKey: auditKeys.lots(auctionId),
      queryFn: ({ signal }) => api<auditReplay.AuditLot[]>(`/api/audit/auctions/${auctionId}/lots`, { signal }),
    }),
  /** Read once per visit: the log only grows, and the auditor asks again (Reload) when they want its head. */
  replay: (lotId: number) =>
    queryOptions({
      queryKey: auditKeys.replay(lotId),
      queryFn: ({ signal }) => api<auditReplay.LotReplay>(`/api/audit/lots/${lotId}/replay`, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export const auditMutations = {
  /** The whole auction's log, byte for byte as the API sent it: the file the CLI verifies offline. */
  exportAuction: () =>
    mutationOptions({
      mutationKey: [...auditKeys.all, 'export'],
      mutationFn: (auctionId: number) => api<string>(`/api/audit/auctions/${auctionId}/export`, { text: true }),
    }),
};
