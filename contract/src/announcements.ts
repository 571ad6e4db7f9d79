import { z } from 'zod';
import { guestParams } from './bidders.ts';
import { commandId, errorAnswers, idParams, rowId, rowIdValue } from './common.ts';
import { urlMagicLink } from './lots.ts';

/**
 * An organiser's message to an auction's guests ("bidding closes in ten minutes", "the live
 * auction starts in the ballroom"), by email, SMS and Web Push (docs/messages.md "Announcements to
 * guests"). Each guest gets it in their language, by the channels their general switches and the
 * organisation's allow; STOP is kept.
 */

/** Plain text, so it fits a text message of a few parts beside the auction's name and link. */
export const ANNOUNCEMENT_MAX_LENGTH = 320;

/** The same words to the same guests again this soon is refused as a double send. */
export const ANNOUNCEMENT_REPEAT_MINUTES = 15;

/** How far ahead an announcement may be set to go out: an auction's season, not a reminder service. */
export const ANNOUNCEMENT_SCHEDULE_MAX_DAYS = 60;

/** An auction has at most this many announcements waiting for their time: reminders, not a mailing list. */
export const ANNOUNCEMENT_MAX_WAITING = 20;

/** An announcement tied to the auction's end goes out at most this many minutes (a day) before it. */
export const ANNOUNCEMENT_MAX_MINUTES_BEFORE_END = 1440;

export const ANNOUNCEMENT_CHANNELS = ['email', 'sms', 'push'] as const;
export type AnnouncementChannel = (typeof ANNOUNCEMENT_CHANNELS)[number];

/** Every guest; only those checked in at the door; or only those not there (bidding from home). */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'arrived', 'notArrived'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** Who an announcement went to: one of the form's audiences, or one guest (from the bidders list). */
export const ANNOUNCEMENT_TARGETS = [...ANNOUNCEMENT_AUDIENCES, 'guest'] as const;
export type AnnouncementTarget = (typeof ANNOUNCEMENT_TARGETS)[number];

const words = z
  .string()
  .trim()
  .max(ANNOUNCEMENT_MAX_LENGTH, { error: 'announcement_message_too_long' })
  .optional()
  .transform((value) => (value ? value : undefined));

/** The words in French, in English, or both: a guest gets their language's, else the other. */
const announcementMessage = z
  .strictObject({ en: words, fr: words }, { error: 'announcement_message_required' })
  .refine((message) => message.en !== undefined || message.fr !== undefined, {
    error: 'announcement_message_required',
  });

const announcementChannels = z
  .array(z.enum(ANNOUNCEMENT_CHANNELS), { error: 'announcement_channel_required' })
  .min(1, { error: 'announcement_channel_required' })
  .max(ANNOUNCEMENT_CHANNELS.length)
  .refine((channels) => new Set(channels).size === channels.length, { error: 'announcement_channel_required' });

/** When to send an announcement: absent, at once; else later than now and within the schedule's reach. */
const sendAt = z.iso.datetime({ offset: true, error: 'announcement_send_at_invalid' }).optional();

const minutesBeforeEnd = z
  .int({ error: 'announcement_minutes_before_end_invalid' })
  .min(1, { error: 'announcement_minutes_before_end_invalid' })
  .max(ANNOUNCEMENT_MAX_MINUTES_BEFORE_END, { error: 'announcement_minutes_before_end_invalid' })
  .optional();

interface SendTime {
  sendAt?: string;
  minutesBeforeEnd?: number;
  closingGroupId?: number;
}

/** A time or minutes before an end, not both; a closing group only with the minutes before its end. */
const oneSendTime = <T extends z.ZodType<SendTime>>(body: T) =>
  body
    .refine((fields) => fields.sendAt === undefined || fields.minutesBeforeEnd === undefined, {
      error: 'announcement_send_time_conflict',
      path: ['minutesBeforeEnd'],
    })
    .refine((fields) => fields.closingGroupId === undefined || fields.minutesBeforeEnd !== undefined, {
      error: 'announcement_closing_group_without_minutes',
      path: ['closingGroupId'],
    });

export const announcementBody = oneSendTime(
  z.strictObject({
    message: announcementMessage,
    channels: announcementChannels,
    audience: z.enum(ANNOUNCEMENT_AUDIENCES).default('all'),
    /**
     * When to send it, by the server's clock; absent, it goes out at once. Later than now and at
     * most ANNOUNCEMENT_SCHEDULE_MAX_DAYS ahead (checked by the server, whose clock decides).
     */
    sendAt,
    /**
     * Or: this many minutes before the auction's end, following the end when it is moved, and only
     * while bidding is open ("bidding closes in ten minutes"). Not with `sendAt`.
     */
    minutesBeforeEnd,
    /**
     * With `minutesBeforeEnd`: before this closing group of the auction closes rather than the
     * auction ("the silent auction's first tables close in ten minutes"), following the group's end.
     */
    closingGroupId: rowIdValue.optional(),
    commandId,
  }),
);
export type AnnouncementBody = z.input<typeof announcementBody>;

/**
 * A change to an announcement still waiting for its time: its words, ways and time (and, for one
 * to the guests, its audience) replace the ones it had. It stays set for later: at `sendAt`, or
 * `minutesBeforeEnd` before an end; a message to one guest keeps its guest and goes out at a
 * time. `revision` is the one the form was filled from, so a change made meanwhile by someone
 * else is refused rather than overwritten.
 */
export const announcementChangeBody = oneSendTime(
  z.strictObject({
    message: announcementMessage,
    channels: announcementChannels,
    /** Absent: as it was. Not for a message to one guest. */
    audience: z.enum(ANNOUNCEMENT_AUDIENCES).optional(),
    sendAt,
    minutesBeforeEnd,
    closingGroupId: rowIdValue.optional(),
    revision: z.int({ error: 'announcement_revision_invalid' }).min(0, { error: 'announcement_revision_invalid' }),
    commandId,
  }),
).refine((body) => body.sendAt !== undefined || body.minutesBeforeEnd !== undefined, {
  error: 'announcement_send_time_required',
  path: ['sendAt'],
});
export type AnnouncementChangeBody = z.input<typeof announcementChangeBody>;

/**
 * A message to one guest from the bidders list or their card at the door ("your car's lights are
 * on", "your table is ready at 8"): at once or at `sendAt`, by their switches.
 */
export const guestMessageBody = z.strictObject({
  message: announcementMessage,
  channels: announcementChannels,
  sendAt,
  commandId,
});
export type GuestMessageBody = z.input<typeof guestMessageBody>;

/** How many guests each channel reaches: those whose switches allow it and who have its address. */
export const announcementReach = z.object({
  /** Guests in the audience (locked bidders and disabled accounts excepted). */
  guests: z.number().int(),
  email: z.number().int(),
  sms: z.number().int(),
  push: z.number().int(),
});
export type AnnouncementReach = z.infer<typeof announcementReach>;

/** What became of one channel's messages: sent, skipped (STOP, a browser gone), failed, or still on the way. */
export const announcementDelivery = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type AnnouncementDelivery = z.infer<typeof announcementDelivery>;

export const announcement = z.object({
  id: z.number().int(),
  message: z.object({ en: z.string().optional(), fr: z.string().optional() }),
  audience: z.enum(ANNOUNCEMENT_TARGETS),
  /** The one guest it went to (audience `guest`), else null. */
  guest: z.object({ userId: z.string(), name: z.string() }).nullable(),
  channels: z.array(z.enum(ANNOUNCEMENT_CHANNELS)),
  /** The staff member who sent it (or set it to go out later). */
  sentBy: z.string().nullable(),
  /** When it was recorded. */
  recordedAt: z.string(),
  /**
   * When it is set to go out; null: at once (or, tied to the auction's end, while the auction has
   * no end date). One tied to an end gives the time by the end as it is now.
   */
  sendAt: z.string().nullable(),
  /** Tied to an end: this many minutes before it; null otherwise. */
  minutesBeforeEnd: z.number().int().nullable(),
  /**
   * Tied to a closing group's end rather than the auction's: the group, with its names (null once
   * the group was removed); null when not tied to a group.
   */
  closingGroup: z
    .object({
      id: z.number().int(),
      name: z.object({ en: z.string().optional(), fr: z.string().optional() }).nullable(),
    })
    .nullable(),
  /**
   * When its messages went on the queue; null while they have not: a scheduled one waiting for its
   * time, or one whose send did not get that far (retried with its command id, or by the workers).
   */
  sentAt: z.string().nullable(),
  /** When it was cancelled before going out; by whom (null: the product, the auction being archived). */
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  /** How many times it was changed while it waited; a change names the revision it was made from. */
  revision: z.number().int(),
  /** Its last change while it waited, and by whom; null when never changed. */
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  delivery: z.object({ email: announcementDelivery, sms: announcementDelivery, push: announcementDelivery }),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementParams = z.object({ id: rowId, announcementId: rowId });

/** What an announcement said, to whom, how and when, as a change found it or left it. */
export const announcementVersion = z.object({
  message: z.object({ en: z.string().optional(), fr: z.string().optional() }),
  audience: z.enum(ANNOUNCEMENT_TARGETS),
  channels: z.array(z.enum(ANNOUNCEMENT_CHANNELS)),
  /** The time it was set for; null when tied to an end instead. */
  sendAt: z.string().nullable(),
  minutesBeforeEnd: z.number().int().nullable(),
  closingGroupId: z.number().int().nullable(),
});
export type AnnouncementVersion = z.infer<typeof announcementVersion>;

/** One change of an announcement while it waited: who made it, when, what it replaced and with what. */
export const announcementChange = z.object({
  changedAt: z.string(),
  changedBy: z.string().nullable(),
  before: announcementVersion,
  after: announcementVersion,
});
export type AnnouncementChange = z.infer<typeof announcementChange>;

export const announcementList = z.object({
  /** The reach of each audience now, for the form. */
  reach: z.object({ all: announcementReach, arrived: announcementReach, notArrived: announcementReach }),
  /** The auction's announcements, newest first. */
  announcements: z.array(announcement),
});
export type AnnouncementList = z.infer<typeof announcementList>;

export const announcementAnswer = z.object({
  /** True when the command id had been seen: nothing new was sent. */
  duplicate: z.boolean(),
  announcement,
});
export type AnnouncementAnswer = z.infer<typeof announcementAnswer>;

/** A message to all the guests as the auction's pages show it, to anyone who may see the auction. */
export const publishedAnnouncement = z.object({
  id: z.number().int(),
  message: z.object({ en: z.string().optional(), fr: z.string().optional() }),
  sentAt: z.string(),
});
export type PublishedAnnouncement = z.infer<typeof publishedAnnouncement>;

/** How long a message to all the guests stays on the auction's pages. */
export const ANNOUNCEMENT_SHOWN_HOURS = 2;

export const announcementsContract = {
  /** The messages to all the guests of the last ANNOUNCEMENT_SHOWN_HOURS, newest first. */
  published: {
    querystring: z.object({ urlMagicLink }),
    response: { 200: z.array(publishedAnnouncement), ...errorAnswers(403, 404) },
  },
  list: { params: idParams, response: { 200: announcementList, ...errorAnswers(401, 403, 404) } },
  send: {
    params: idParams,
    body: announcementBody,
    response: { 200: announcementAnswer, ...errorAnswers(400, 401, 403, 404, 409, 422) },
  },
  /** Sends a message to one guest of the auction, by their switches: as an announcement to them alone. */
  toGuest: {
    params: guestParams,
    body: guestMessageBody,
    response: { 200: announcementAnswer, ...errorAnswers(400, 401, 403, 404, 409, 422) },
  },
  /** Changes a scheduled announcement that has not gone out; the same command again answers the same. */
  change: {
    params: announcementParams,
    body: announcementChangeBody,
    response: { 200: announcementAnswer, ...errorAnswers(400, 401, 403, 404, 409, 422) },
  },
  /** The changes of an announcement while it waited, oldest first. */
  changes: {
    params: announcementParams,
    response: { 200: z.array(announcementChange), ...errorAnswers(401, 403, 404) },
  },
  /** Cancels a scheduled announcement that has not gone out; cancelling it again answers the same. */
  cancel: {
    params: announcementParams,
    response: { 200: announcement, ...errorAnswers(401, 403, 404, 409) },
  },
};
