import {
  ANNOUNCEMENT_MAX_LENGTH,
  type AnnouncementAudience,
  type AnnouncementBody,
  type AnnouncementChannel,
  type AnnouncementReach,
} from '@auction/contract';

/** The form as typed: the words in each language, who gets them, and how. */
export interface AnnouncementDraft {
  fr: string;
  en: string;
  audience: AnnouncementAudience;
  channels: readonly AnnouncementChannel[];
}

/** What the API is sent: a language left blank is not sent, so guests get the other one. */
export function draftRequest(draft: AnnouncementDraft): Omit<AnnouncementBody, 'commandId'> {
  const fr = draft.fr.trim();
  const en = draft.en.trim();
  return {
    message: { ...(fr ? { fr } : {}), ...(en ? { en } : {}) },
    channels: [...draft.channels],
    audience: draft.audience,
  };
}

/**
 * The API's refusals the form can see before asking for a confirmation, under the same keys: no
 * words, too many, no channel, or channels that reach nobody in this audience.
 */
export function draftErrors(draft: AnnouncementDraft, reach: AnnouncementReach): string[] {
  const errors: string[] = [];
  const fr = draft.fr.trim();
  const en = draft.en.trim();
  if (!fr && !en) errors.push('announcement_message_required');
  if (fr.length > ANNOUNCEMENT_MAX_LENGTH || en.length > ANNOUNCEMENT_MAX_LENGTH) {
    errors.push('announcement_message_too_long');
  }
  if (draft.channels.length === 0) errors.push('announcement_channel_required');
  else if (draft.channels.every((channel) => reach[channel] === 0)) errors.push('announcement_no_recipients');
  return errors;
}
