import type { lotPhotos, operator } from '@auction/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** An auction part the set-up screen edits: its path under /api/admin, for the list and for one. */
export type PartKind = 'categories' | 'closing-groups' | 'tabs' | 'photos';
const ONE_PATH: Record<PartKind, string> = {
  categories: 'categories',
  'closing-groups': 'closing-groups',
  tabs: 'tabs',
  photos: 'auction-photos',
};

/** The parts shown in an order the operator sets (closing groups follow their end instead). */
export type OrderedPartKind = Extract<PartKind, 'categories' | 'tabs' | 'photos'>;

export const setupKeys = {
  auction: (auctionId: number) => [...consoleKeys.all, 'auction', auctionId] as const,
};

/** The set-up screen's calls (docs/operator-api.md): the auction, its status and its parts. */
export const setupQueries = {
  auction: (auctionId: number) =>
    queryOptions({
      queryKey: setupKeys.auction(auctionId),
      queryFn: ({ signal }) => api<operator.OperatorAuction>(`/api/admin/auctions/${auctionId}`, { signal }),
    }),
};

export const setupMutations = {
  /** Only the changed fields: the API leaves every absent field as it is. */
  save: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...setupKeys.auction(auctionId), 'save'],
      mutationFn: (body: Record<string, unknown>) =>
        api<operator.OperatorAuction>(`/api/admin/auctions/${auctionId}`, { method: 'PATCH', body }),
    }),
  status: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...setupKeys.auction(auctionId), 'status'],
      mutationFn: (status: number) =>
        api<operator.OperatorAuction>(`/api/admin/auctions/${auctionId}/status`, { method: 'POST', body: { status } }),
    }),
  /** Adds (no id), edits or removes (`remove`) one category, closing group, tab or banner photo. */
  part: (auctionId: number, kind: PartKind) =>
    mutationOptions({
      mutationKey: [...setupKeys.auction(auctionId), kind],
      mutationFn: ({ id, body, remove }: { id?: number; body?: Record<string, unknown>; remove?: boolean }) => {
        if (id === undefined)
          return api<unknown>(`/api/admin/auctions/${auctionId}/${kind}`, { method: 'POST', body: body ?? {} });
        const path = `/api/admin/${ONE_PATH[kind]}/${id}` as const;
        return remove ? api<unknown>(path, { method: 'DELETE' }) : api<unknown>(path, { method: 'PATCH', body });
      },
    }),
  /** One image as the body: resized by the API and appended after the auction's banners. */
  uploadBanner: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...setupKeys.auction(auctionId), 'photos', 'upload'],
      mutationFn: (file: File) =>
        api<lotPhotos.UploadedBanner>(`/api/admin/auctions/${auctionId}/photos/upload`, { method: 'POST', body: file }),
    }),
  /** Every id of the kind in its new order, in one call: a reorder is never left halfway. */
  order: (auctionId: number, kind: OrderedPartKind) =>
    mutationOptions({
      mutationKey: [...setupKeys.auction(auctionId), kind, 'order'],
      mutationFn: (ids: number[]) =>
        api<Array<{ id: number; order: number }>>(`/api/admin/auctions/${auctionId}/${kind}/order`, {
          method: 'PUT',
          body: { ids },
        }),
    }),
};
