import { AuctionStatus } from '@auction/contract';
import { sql } from 'kysely';

/** When an announcement was asked to go out. */
export interface AnnouncementTiming {
  sendAt: Date | null;
  minutesBeforeEnd: number | null;
}

/**
 * The end an announcement tied to an end reads: its closing group's when it names one, else its
 * auction's; with the auction's status, since bidding that ended closes every group.
 */
export interface TiedEnd {
  status: number;
  endsAt: Date | null;
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
 * When an announcement goes out: at its time; or so many minutes before the end it is tied to as
 * the end is now (an end moved moves it), and only while bidding is open; or at once.
 */
export function announcementSchedule(timing: AnnouncementTiming, end: TiedEnd): AnnouncementSchedule {
  if (timing.sendAt !== null) return { kind: 'at', at: timing.sendAt.getTime() };
  if (timing.minutesBeforeEnd === null) return { kind: 'now' };
  if (end.status > AuctionStatus.Active) return { kind: 'endPassed' };
  if (end.endsAt === null) return { kind: 'waitingForEnd' };
  return { kind: 'at', at: end.endsAt.getTime() - timing.minutesBeforeEnd * 60_000 };
}

/**
 * One tied to an end whose end has come by the server's clock, or whose auction stopped bidding:
 * a reminder the workers reach late (a queue down over the end) is cancelled, not sent untrue.
 */
export function tiedEndHasPassed(timing: AnnouncementTiming, end: TiedEnd, now: number): boolean {
  if (timing.minutesBeforeEnd === null || timing.sendAt !== null) return false;
  return end.status !== AuctionStatus.Active || (end.endsAt !== null && end.endsAt.getTime() <= now);
}

/**
 * The end an announcement is tied to, in a query of `auction_announcements as a` joined to
 * `auctions as au` and left-joined to `closing_groups as cg` on `a.closing_group_id`: the group's,
 * else the auction's. A group removed reads as having ended when the announcement was recorded,
 * so one still waiting for it (recorded while the group was being removed) is cancelled, never
 * left waiting for an end that will not come.
 */
export const tiedEndsAt = sql<Date | null>`CASE WHEN a.closing_group_id IS NULL THEN au.date_completed
  ELSE coalesce(cg.ends_at, a.created_at) END`;
