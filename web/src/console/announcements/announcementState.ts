import type { Announcement } from '@auction/contract';

/**
 * Where an announcement stands, as the list shows it: cancelled before it went out; sent (its
 * messages are on the queue, with what became of each); scheduled (waiting for a time still ahead,
 * or tied to the auction's end while the auction has none; cancellable); or waiting (its time has
 * come, or its send did not get as far as the queue: the workers send it within minutes).
 */
export type AnnouncementState = 'cancelled' | 'sent' | 'scheduled' | 'waiting';

export function announcementState(announcement: Announcement, now: number): AnnouncementState {
  if (announcement.cancelledAt) return 'cancelled';
  if (announcement.sentAt) return 'sent';
  if (announcement.sendAt ? Date.parse(announcement.sendAt) > now : announcement.minutesBeforeEnd !== null) {
    return 'scheduled';
  }
  return 'waiting';
}
