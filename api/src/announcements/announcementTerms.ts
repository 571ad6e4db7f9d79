import type { AnnouncementVersion } from '@auction/contract';
import type { AnnouncementTerms } from '@auction/platform';
import { announcementWords } from '@auction/platform/announcements';

/**
 * What an announcement says and when it goes out, as a change replaces them and keeps them
 * (migration 0033): read from its row, or from a change asked for once its time was checked.
 */
export function termsOfRow(row: {
  message_en: string | null;
  message_fr: string | null;
  audience: AnnouncementTerms['audience'];
  channels: AnnouncementTerms['channels'];
  send_at: Date | null;
  minutes_before_end: number | null;
  closing_group_id: number | null;
}): AnnouncementTerms {
  return {
    message_en: row.message_en,
    message_fr: row.message_fr,
    audience: row.audience,
    channels: [...row.channels],
    send_at: row.send_at === null ? null : row.send_at.toISOString(),
    minutes_before_end: row.minutes_before_end,
    closing_group_id: row.closing_group_id,
  };
}

/** The terms a change asks for: its words, ways and checked time; the audience it names, else the one it had. */
export function termsOfChange(
  change: {
    message: { en?: string; fr?: string };
    channels: readonly AnnouncementTerms['channels'][number][];
    audience?: AnnouncementTerms['audience'];
  },
  time: { sendAt: number | null; minutesBeforeEnd: number | null; closingGroupId: number | null },
  audience: AnnouncementTerms['audience'],
): AnnouncementTerms {
  return {
    message_en: change.message.en ?? null,
    message_fr: change.message.fr ?? null,
    audience: change.audience ?? audience,
    channels: [...change.channels],
    send_at: time.sendAt === null ? null : new Date(time.sendAt).toISOString(),
    minutes_before_end: time.minutesBeforeEnd,
    closing_group_id: time.closingGroupId,
  };
}

/** The same terms: the same words, audience, time, and channels in any order. */
export function sameTerms(a: AnnouncementTerms, b: AnnouncementTerms): boolean {
  return (
    a.message_en === b.message_en &&
    a.message_fr === b.message_fr &&
    a.audience === b.audience &&
    a.channels.length === b.channels.length &&
    a.channels.every((channel) => b.channels.includes(channel)) &&
    (a.send_at === null ? null : Date.parse(a.send_at)) === (b.send_at === null ? null : Date.parse(b.send_at)) &&
    a.minutes_before_end === b.minutes_before_end &&
    a.closing_group_id === b.closing_group_id
  );
}

/** Stored terms as the API answers them: the words by language, the time as it was set. */
export function termsAnswer(terms: AnnouncementTerms): AnnouncementVersion {
  return {
    message: announcementWords(terms.message_en, terms.message_fr),
    audience: terms.audience,
    channels: terms.channels,
    sendAt: terms.send_at === null ? null : new Date(terms.send_at).toISOString(),
    minutesBeforeEnd: terms.minutes_before_end,
    closingGroupId: terms.closing_group_id,
  };
}
