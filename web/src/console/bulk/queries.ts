import type { AuctionExportKind, LotImportAnswer, LotImportPreview } from '@auction/contract';
import { mutationOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** The CSV import of lots and the auction's exports (docs/console.md "Bulk"). */
export const bulkKeys = {
  all: [...consoleKeys.all, 'bulk'] as const,
};

export const bulkMutations = {
  /** Checks the file: every row's problems, nothing created. */
  preview: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...bulkKeys.all, 'preview', auctionId],
      mutationFn: (csv: string) =>
        api<LotImportPreview>(`/api/admin/auctions/${auctionId}/lot-import/preview`, { method: 'POST', body: { csv } }),
    }),
  /** Creates the file's new lots; the same file again creates nothing twice. */
  import: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...bulkKeys.all, 'import', auctionId],
      mutationFn: (csv: string) =>
        api<LotImportAnswer>(`/api/admin/auctions/${auctionId}/lot-import`, { method: 'POST', body: { csv } }),
    }),
  /** One export as a file (a signed-in call, so fetched rather than linked). */
  download: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...bulkKeys.all, 'export', auctionId],
      mutationFn: (kind: AuctionExportKind) =>
        api<Blob>(`/api/admin/auctions/${auctionId}/exports/${kind}`, { blob: true }),
    }),
};
