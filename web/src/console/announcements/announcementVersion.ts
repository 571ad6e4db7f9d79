import type { Announcement, AnnouncementVersion } from '@auction/contract';
import type { MessageId } from '../../i18n/messages.ts';

/**
 * The parts of a message that a change may touch, in the order they are shown: the words in each
 * language, who gets it, how, and when it goes out. A change's history and a conflict with
 * someone else's change both show a message part by part, only those that differ.
 */
export type AnnouncementPart = 'fr' | 'en' | 'audience' | 'channels' | 'when';

export const ANNOUNCEMENT_PARTS: readonly AnnouncementPart[] = ['fr', 'en', 'audience', 'channels', 'when'];

/** Each part's name, the form's own label for it. */
export const PART_LABELS: Record<AnnouncementPart, MessageId> = {
  fr: 'console.announcements.messageFr',
  en: 'console.announcements.messageEn',
  audience: 'console.announcements.audience',
  channels: 'console.announcements.channels',
  when: 'console.announcements.when',
};

const minuteOf = (at: string) => Math.floor(Date.parse(at) / 60_000);

/**
 * The same minute, or both none: a time typed with the browser's offset is the server's UTC one,
 * and seconds, which the form cannot type and nothing shows, make no difference.
 */
const sameMoment = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : minuteOf(a) === minuteOf(b);

const SAME: Record<AnnouncementPart, (a: AnnouncementVersion, b: AnnouncementVersion) => boolean> = {
  fr: (a, b) => a.message.fr === b.message.fr,
  en: (a, b) => a.message.en === b.message.en,
  audience: (a, b) => a.audience === b.audience,
  // The channels are a set: the order they were ticked in says nothing.
  channels: (a, b) => a.channels.length === b.channels.length && a.channels.every((each) => b.channels.includes(each)),
  when: (a, b) =>
    sameMoment(a.sendAt, b.sendAt) &&
    a.minutesBeforeEnd === b.minutesBeforeEnd &&
    a.closingGroupId === b.closingGroupId,
};

/** The parts in which two versions of a message differ, in the order they are shown. */
export function differingParts(a: AnnouncementVersion, b: AnnouncementVersion): AnnouncementPart[] {
  return ANNOUNCEMENT_PARTS.filter((part) => !SAME[part](a, b));
}

/**
 * A message as it stands, as a version: one tied to an end is set by its minutes and group (its
 * `sendAt` is only the time that makes by the end as it is now, and moves with it).
 */
export function versionOf(announcement: Announcement): AnnouncementVersion {
  const tied = announcement.minutesBeforeEnd !== null;
  return {
    message: announcement.message,
    audience: announcement.audience,
    channels: announcement.channels,
    sendAt: tied ? null : announcement.sendAt,
    minutesBeforeEnd: announcement.minutesBeforeEnd,
    closingGroupId: announcement.closingGroup?.id ?? null,
  };
}
