export { readAnnouncementGuests } from './announcementGuests.ts';
export {
  type AnnouncedAuction,
  type AnnouncementGuest,
  type AnnouncementRequest,
  announcementMessages,
  announcementWords,
  countByChannel,
  guestChannels,
  reachOf,
} from './announcementPlan.ts';
export {
  type AnnouncementSchedule,
  type AnnouncementTiming,
  announcementSchedule,
  type TiedEnd,
  tiedEndHasPassed,
  tiedEndsAt,
} from './announcementSchedule.ts';
export {
  ANNOUNCEMENT_ORPHAN_MS,
  auctionsWithWaitingAnnouncements,
  sendDueAnnouncements,
} from './dueAnnouncements.ts';
export { type AnnouncementQueuing, type QueuingOutcome, queueAnnouncement } from './queueAnnouncement.ts';
