import type { lotPhotos, operator } from '@auction/contract';
import { mutationOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** The lot editor's calls (docs/operator-api.md "Lots", "Lot photos"); the list is consoleQueries.lots. */
export const lotsMutations = {
  create: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...consoleKeys.lots(auctionId), 'create'],
      mutationFn: (body: Record<string, unknown>) =>
        api<operator.OperatorLot>(`/api/admin/auctions/${auctionId}/lots`, { method: 'POST', body }),
    }),
  /** Reprice and reschedule run in the engine under the body's commandId (one per confirmation). */
  edit: (lotId: number) =>
    mutationOptions({
      mutationKey: [...consoleKeys.all, 'lot', lotId, 'edit'],
      mutationFn: (body: Record<string, unknown>) =>
        api<operator.OperatorLot>(`/api/admin/lots/${lotId}`, { method: 'PATCH', body }),
    }),
  /** One request per file: the API resizes it and appends it to the lot's photos. */
  uploadPhoto: (lotId: number) =>
    mutationOptions({
      mutationKey: [...consoleKeys.all, 'lot', lotId, 'photo'],
      mutationFn: (file: File) =>
        api<lotPhotos.UploadedPhoto>(`/api/admin/lots/${lotId}/photos`, { method: 'POST', body: file }),
    }),
};
