import {
  ANNOUNCEMENT_MAX_LENGTH,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementBody,
  type AnnouncementChangeBody,
  type AnnouncementChannel,
  type AnnouncementReach,
} from '@auction/contract';
import { toLocalInput } from '../setup/zonedTime.ts';
import { type AuctionEnd, beforeEndErrors, sendAtErrors, sendAtFromInput, tiedEnd } from './sendTime.ts';

/** The form as typed: the words in each language, who gets them, how, and when. */
export interface AnnouncementDraft {
  fr: string;
  en: string;
  audience: AnnouncementAudience;
  channels: readonly AnnouncementChannel[];
  /** At once, at `sendAt`, or `minutesBeforeEnd` before the auction's or a group's end (following it when moved). */
  when: 'now' | 'later' | 'beforeEnd';
  /** The time typed for later, as the `datetime-local` input holds it (the browser's zone). */
  sendAt: string;
  /** The minutes typed, as the number input holds them. */
  minutesBeforeEnd: string;
  /** Before this closing group's end (its id, as the select holds it); empty: the auction's. */
  closingGroupId: string;
}

/** The part of a draft that says when it goes out, as the time choice edits it. */
export type SendTimeDraft = Pick<AnnouncementDraft, 'when' | 'sendAt' | 'minutesBeforeEnd' | 'closingGroupId'>;

/**
 * What the API is sent: a language left blank is not sent, so guests get the other one; a message
 * for later carries its time with the browser's offset.
 */
export function draftRequest(draft: AnnouncementDraft): Omit<AnnouncementBody, 'commandId'> {
  const fr = draft.fr.trim();
  const en = draft.en.trim();
  const sendAt = draft.when === 'later' ? sendAtFromInput(draft.sendAt) : null;
  return {
    message: { ...(fr ? { fr } : {}), ...(en ? { en } : {}) },
    channels: [...draft.channels],
    audience: draft.audience,
    ...(sendAt ? { sendAt } : {}),
    ...(draft.when === 'beforeEnd' ? { minutesBeforeEnd: Number(draft.minutesBeforeEnd) } : {}),
    ...(draft.when === 'beforeEnd' && draft.closingGroupId ? { closingGroupId: Number(draft.closingGroupId) } : {}),
  };
}

/**
 * The API's refusals the form can see before asking for a confirmation, under the same keys: no
 * words, too many, no channel, channels that reach nobody in this audience (at once only: guests
 * may register before a later time), a later time that is missing, past or too far ahead, and
 * minutes before the end out of range or already past, or a closing group already closed.
 */
export function draftErrors(
  draft: AnnouncementDraft,
  reach: AnnouncementReach,
  auction: AuctionEnd,
  now: number,
): string[] {
  const errors: string[] = [];
  const fr = draft.fr.trim();
  const en = draft.en.trim();
  if (!fr && !en) errors.push('announcement_message_required');
  if (fr.length > ANNOUNCEMENT_MAX_LENGTH || en.length > ANNOUNCEMENT_MAX_LENGTH) {
    errors.push('announcement_message_too_long');
  }
  if (draft.channels.length === 0) errors.push('announcement_channel_required');
  else if (draft.when === 'now' && draft.channels.every((channel) => reach[channel] === 0)) {
    errors.push('announcement_no_recipients');
  }
  if (draft.when === 'later') errors.push(...sendAtErrors(sendAtFromInput(draft.sendAt), now));
  if (draft.when === 'beforeEnd') {
    errors.push(...beforeEndErrors(draft.minutesBeforeEnd, tiedEnd(auction, draft.closingGroupId), now));
  }
  return errors;
}

/**
 * The form filled from a message set for later, to change it: its words, audience (one to a guest
 * keeps its guest, read as every guest here and never sent), channels and time, at a time typed in
 * the browser's zone or so many minutes before its end.
 */
export function draftOf(announcement: Announcement): AnnouncementDraft {
  const tied = announcement.minutesBeforeEnd !== null;
  return {
    fr: announcement.message.fr ?? '',
    en: announcement.message.en ?? '',
    audience: announcement.audience === 'guest' ? 'all' : announcement.audience,
    channels: announcement.channels,
    when: tied ? 'beforeEnd' : 'later',
    sendAt: !tied && announcement.sendAt ? toLocalInput(announcement.sendAt) : '',
    minutesBeforeEnd: String(announcement.minutesBeforeEnd ?? 10),
    closingGroupId: announcement.closingGroup ? String(announcement.closingGroup.id) : '',
  };
}

/** The change the API is sent: the draft's terms, from the revision it was filled from; a guest's keeps its audience. */
export function changeRequest(
  draft: AnnouncementDraft,
  announcement: Announcement,
): Omit<AnnouncementChangeBody, 'commandId'> {
  const { audience, ...terms } = draftRequest(draft);
  return { ...terms, ...(announcement.audience === 'guest' ? {} : { audience }), revision: announcement.revision };
}
