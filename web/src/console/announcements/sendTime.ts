import { ANNOUNCEMENT_MAX_MINUTES_BEFORE_END, ANNOUNCEMENT_SCHEDULE_MAX_DAYS, AuctionStatus } from '@auction/contract';
import { formatter, intlLocale } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/routes.ts';
import { fromLocalInput } from '../setup/zonedTime.ts';

/**
 * When a message set to go out later is sent. The manager types it in the browser's own time zone
 * (a `datetime-local` input has none); the API is sent that moment with the browser's offset, so the
 * request says which evening "21:30" meant, and the server's clock decides whether it is still ahead.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value as an ISO date-time with the browser's offset then; null for empty or invalid. */
export function sendAtFromInput(value: string): string | null {
  const instant = fromLocalInput(value);
  if (!instant) return null;
  // Read back from the instant: a time skipped by the clocks going forward is the one the browser lands on.
  const date = new Date(instant);
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00${offset}`;
}

/**
 * The API's refusals of a time the form can see before asking, under the same keys: none or not a
 * date, not later than now, or further ahead than the API accepts.
 */
export function sendAtErrors(sendAt: string | null, now: number): string[] {
  if (!sendAt) return ['announcement_send_at_invalid'];
  const at = Date.parse(sendAt);
  if (at <= now) return ['announcement_send_at_past'];
  if (at > now + ANNOUNCEMENT_SCHEDULE_MAX_DAYS * 24 * 60 * 60 * 1000) return ['announcement_send_at_too_far'];
  return [];
}

/** What of the auction a message tied to an end reads: its status, its end and its closing groups' as the console has them. */
export interface AuctionEnd {
  status: number;
  dateCompleted: string | null;
  closingGroups: ReadonlyArray<{
    id: number;
    dateCompleted: string | null;
    translations: readonly { languageCode: string; name: string }[];
  }>;
}

/** The end a message is tied to: a closing group's (with its names) or, without one, the auction's. */
export interface TiedEnd {
  status: number;
  dateCompleted: string | null;
  group: AuctionEnd['closingGroups'][number] | null;
}

/** The end chosen in the form: the closing group's whose id it holds, else the auction's. */
export function tiedEnd(auction: AuctionEnd, closingGroupId: string): TiedEnd {
  const group = auction.closingGroups.find((each) => String(each.id) === closingGroupId) ?? null;
  return { status: auction.status, dateCompleted: group ? group.dateCompleted : auction.dateCompleted, group };
}

/** When a message so many minutes before the end it is tied to goes out by the end as it is now; null without one. */
export function beforeEndAt(minutes: number, end: Pick<TiedEnd, 'dateCompleted'>): number | null {
  return end.dateCompleted === null ? null : Date.parse(end.dateCompleted) - minutes * 60_000;
}

/**
 * The API's refusals of a message tied to an end the form can see before asking: the minutes a
 * whole number from 1 to a day, bidding not ended, a closing group not closed yet, and (by the end
 * as it is now) a time still to come. An auction without an end date takes it: it waits for one.
 */
export function beforeEndErrors(minutes: string, end: TiedEnd, now: number): string[] {
  const value = Number(minutes);
  if (!/^\d+$/.test(minutes.trim()) || value < 1 || value > ANNOUNCEMENT_MAX_MINUTES_BEFORE_END) {
    return ['announcement_minutes_before_end_invalid'];
  }
  if (end.status > AuctionStatus.Active) return ['announcement_auction_ended'];
  if (end.group && end.dateCompleted !== null && Date.parse(end.dateCompleted) <= now) {
    return ['announcement_closing_group_closed'];
  }
  const at = beforeEndAt(value, end);
  return at !== null && at <= now ? ['announcement_send_at_past'] : [];
}

/**
 * The day a message goes out, as people say it: "Friday, November 27" / « vendredi 27 novembre »,
 * with the year only when it is not this one (a message may be set up to two months ahead).
 */
export function formatSendDay(date: Date | string, locale: Locale, now = new Date()): string {
  const at = new Date(date);
  const withYear = at.getFullYear() !== now.getFullYear();
  return formatter(
    `sendDay|${locale}|${withYear}`,
    () =>
      new Intl.DateTimeFormat(intlLocale[locale], {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        ...(withYear ? { year: 'numeric' } : {}),
      }),
  ).format(at);
}

/** The refusals of the time chosen (a time, or minutes before an end), which also mark the time's input. */
const SEND_TIME_ERRORS = new Set([
  'announcement_send_at_invalid',
  'announcement_send_at_past',
  'announcement_send_at_too_far',
  'announcement_minutes_before_end_invalid',
  'announcement_auction_ended',
  'announcement_closing_group_closed',
]);

export const marksSendTime = (key: string) => SEND_TIME_ERRORS.has(key);
