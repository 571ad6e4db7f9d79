import type { PublishedAnnouncement } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate, formatTime } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { textIn } from '../i18n/textIn.ts';
import { serverNow } from '../time/serverClock.ts';
import { auctionQueries } from './queries.ts';

/** Messages hidden by the bidder on this page's visit (not kept: a reload shows the latest again). */
const hidden = new Set<number>();

/** The newest message the bidder has not hidden. */
export function shownAnnouncement(announcements: readonly PublishedAnnouncement[]): PublishedAnnouncement | undefined {
  return announcements.find((each) => !hidden.has(each.id));
}

/**
 * The organisers' latest message to all the guests (docs/messages.md "Announcements to guests"),
 * under the auction's banner on every page of the auction, in the page's language: a bidder who
 * missed the notice or the text reads it here until they hide it. The hub's announcement refreshes
 * it at once (useAuctionLive).
 */
export function OrganizerMessage({ urlMagicLink }: { urlMagicLink: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const announcements = useQuery(auctionQueries.announcements(urlMagicLink));
  const [, rerender] = useState(0);
  const latest = shownAnnouncement(announcements.data ?? []);
  const text = latest ? textIn(latest.message, locale) : '';
  if (!latest || !text) return null;
  return (
    <section className="organizer-message" aria-label={intl.formatMessage({ id: 'organizerMessage.label' })}>
      <p className="organizer-message__from">
        {/* A message from another day says which: "at 9:12" alone would read as this morning's. */}
        {formatDate(latest.sentAt, locale) === formatDate(new Date(serverNow()), locale) ? (
          <FormattedMessage id="organizerMessage.from" values={{ time: formatTime(latest.sentAt, locale) }} />
        ) : (
          <FormattedMessage
            id="organizerMessage.fromDay"
            values={{ date: formatDate(latest.sentAt, locale), time: formatTime(latest.sentAt, locale) }}
          />
        )}
      </p>
      <p className="organizer-message__text">{text}</p>
      <button
        type="button"
        className="organizer-message__hide"
        aria-label={intl.formatMessage({ id: 'organizerMessage.hide' })}
        onClick={() => {
          hidden.add(latest.id);
          rerender((n) => n + 1);
        }}
      >
        ×
      </button>
    </section>
  );
}
