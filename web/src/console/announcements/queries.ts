import type { AnnouncementAnswer, AnnouncementBody, AnnouncementList } from '@auction/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** Announcements to an auction's guests (docs/console.md "Messages to guests"). */
export const announcementKeys = {
  all: [...consoleKeys.all, 'announcements'] as const,
  list: (auctionId: number) => [...announcementKeys.all, auctionId] as const,
};

/** While messages are on their way, the list is read again this often to show them sent. */
const WHILE_SENDING_MS = 3000;

const sending = (list: AnnouncementList | undefined) =>
  (list?.announcements ?? []).some((each) => Object.values(each.delivery).some((channel) => channel.pending > 0));

export const announcementQueries = {
  list: (auctionId: number) =>
    queryOptions({
      queryKey: announcementKeys.list(auctionId),
      queryFn: ({ signal }) => api<AnnouncementList>(`/api/admin/auctions/${auctionId}/announcements`, { signal }),
      refetchInterval: (query) => (sending(query.state.data) ? WHILE_SENDING_MS : false),
    }),
};

export const announcementMutations = {
  /** One command id per confirmation: a retried send is the same announcement, sent once. */
  send: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...announcementKeys.all, 'send', auctionId],
      mutationFn: (body: AnnouncementBody) =>
        api<AnnouncementAnswer>(`/api/admin/auctions/${auctionId}/announcements`, { method: 'POST', body }),
    }),
};
