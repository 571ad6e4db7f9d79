import { AuctionStatus } from '@auction/contract';

/** When an announcement was asked to go out. */
export interface AnnouncementTiming {
  sendAt: Date | null;
  minutesBeforeEnd: number | null;
}

/** What of its auction an announcement tied to the end reads. */
export interface AuctionEnd {
  status: number;
  dateCompleted: Date | null;
}

export type AnnouncementSchedule =
  /** Sent at once when recorded. */
  | { kind: 'now' }
  | { kind: 'at'; at: number }
  /** Tied to the end of an auction that has no end date yet. */
  | { kind: 'waitingForEnd' }
  /** Tied to the end of an auction no longer open for bidding: "closes in ten minutes" is untrue. */
  | { kind: 'endPassed' };

/**
 * When an announcement goes out: at its time; or so many minutes before its auction's end as the
 * end is now (an end moved moves it), and only while bidding is open; or at once.
 */
export function announcementSchedule(timing: AnnouncementTiming, auction: AuctionEnd): AnnouncementSchedule {
  if (timing.sendAt !== null) return { kind: 'at', at: timing.sendAt.getTime() };
  if (timing.minutesBeforeEnd === null) return { kind: 'now' };
  if (auction.status > AuctionStatus.Active) return { kind: 'endPassed' };
  if (auction.dateCompleted === null) return { kind: 'waitingForEnd' };
  return { kind: 'at', at: auction.dateCompleted.getTime() - timing.minutesBeforeEnd * 60_000 };
}
