import type {
  Announcement,
  AnnouncementAnswer,
  AnnouncementBody,
  AnnouncementChange,
  AnnouncementChangeBody,
  AnnouncementList,
} from '@auction/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';
import { announcementState } from './announcementState.ts';

/** Announcements to an auction's guests (docs/console.md "Messages to guests"). */
export const announcementKeys = {
  all: [...consoleKeys.all, 'announcements'] as const,
  list: (auctionId: number) => [...announcementKeys.all, auctionId] as const,
};

/** While messages are on their way, or a scheduled one's time has come, the list is read this often. */
const WHILE_SENDING_MS = 3000;
/** While a message waits for its time (or for the workers to send it), the list is read this often. */
const WHILE_WAITING_MS = 30_000;

/**
 * How soon the list is read again, or false when nothing in it can change by itself: every 3 s
 * while deliveries are pending or a scheduled message's time has come and it is not sent yet; every
 * 30 s while one waits for its time, and at that time, so it is seen going out.
 */
export function nextRead(list: AnnouncementList | undefined, now: number): number | false {
  let delay = Number.POSITIVE_INFINITY;
  for (const each of list?.announcements ?? []) delay = Math.min(delay, readAgainIn(each, now));
  return Number.isFinite(delay) ? delay : false;
}

function readAgainIn(announcement: Announcement, now: number): number {
  if (Object.values(announcement.delivery).some((channel) => channel.pending > 0)) return WHILE_SENDING_MS;
  switch (announcementState(announcement, now)) {
    // Tied to the end of an auction that has none yet: an operator may give it one.
    case 'scheduled': {
      if (!announcement.sendAt) return WHILE_WAITING_MS;
      const until = Date.parse(announcement.sendAt) - now;
      return Math.min(Math.max(until, WHILE_SENDING_MS), WHILE_WAITING_MS);
    }
    // Its time has come: the workers queue it within moments. One whose send broke off waits longer.
    case 'waiting':
      return announcement.sendAt ? WHILE_SENDING_MS : WHILE_WAITING_MS;
    default:
      return Number.POSITIVE_INFINITY;
  }
}

export const announcementQueries = {
  /** The changes of one message while it waited, read when its history is opened. */
  changes: (auctionId: number, announcementId: number) =>
    queryOptions({
      queryKey: [...announcementKeys.list(auctionId), announcementId, 'changes'] as const,
      queryFn: ({ signal }) =>
        api<AnnouncementChange[]>(`/api/admin/auctions/${auctionId}/announcements/${announcementId}/changes`, {
          signal,
        }),
    }),
  list: (auctionId: number) =>
    queryOptions({
      queryKey: announcementKeys.list(auctionId),
      queryFn: ({ signal }) => api<AnnouncementList>(`/api/admin/auctions/${auctionId}/announcements`, { signal }),
      refetchInterval: (query) => nextRead(query.state.data, Date.now()),
    }),
};

export const announcementMutations = {
  /**
   * One command id per confirmation: a retried send is the same announcement, sent once. Now, or
   * at `sendAt`; the list is read again either way, in onSettled so a screen's toast does not replace it.
   */
  send: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...announcementKeys.all, 'send', auctionId],
      mutationFn: (body: AnnouncementBody) =>
        api<AnnouncementAnswer>(`/api/admin/auctions/${auctionId}/announcements`, { method: 'POST', body }),
      onSettled: (_answer, _error, _body, _result, { client }) =>
        client.invalidateQueries({ queryKey: announcementKeys.list(auctionId) }),
    }),
  /**
   * Changes a scheduled announcement before it goes out, over the revision the form was filled
   * from (or, after a conflict, the one the operator chose to keep their changes over); one command
   * id per request as sent. The list is read again either way, before the refusal reaches the
   * form: someone else's change, or its going out, is then in the list for the form to show.
   */
  change: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...announcementKeys.all, 'change', auctionId],
      mutationFn: ({ announcementId, body }: { announcementId: number; body: AnnouncementChangeBody }) =>
        api<AnnouncementAnswer>(`/api/admin/auctions/${auctionId}/announcements/${announcementId}`, {
          method: 'PUT',
          body,
        }),
      onSettled: (_answer, _error, _change, _result, { client }) =>
        client.invalidateQueries({ queryKey: announcementKeys.list(auctionId) }),
    }),
  /**
   * Cancels a scheduled announcement before it goes out (cancelling it again answers the same). A
   * refusal (it went out meanwhile) reads the list again too, so it shows what happened instead.
   */
  cancel: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...announcementKeys.all, 'cancel', auctionId],
      mutationFn: (announcementId: number) =>
        api<Announcement>(`/api/admin/auctions/${auctionId}/announcements/${announcementId}/cancel`, {
          method: 'POST',
        }),
      onSettled: (_answer, _error, _id, _result, { client }) =>
        client.invalidateQueries({ queryKey: announcementKeys.list(auctionId) }),
    }),
};
