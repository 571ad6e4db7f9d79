import type { Announcement } from '@auction/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { textIn } from '../../i18n/textIn.ts';
import { AnnouncementHistory } from './AnnouncementHistory.tsx';
import { announcementState } from './announcementState.ts';
import { CHANNEL_KEYS } from './messageKeys.ts';
import { type AuctionEnd, formatSendDay } from './sendTime.ts';
import { Unbroken, unbrokenDateTime } from './Unbroken.tsx';

/**
 * One announcement of the list, as it stands (announcementState.ts): one set for later says when it
 * goes out and can be changed or cancelled (after a confirmation), and says who last changed it
 * (with the history of its changes); a cancelled one says by whom, or that the
 * archiving of the auction did; a sent one what became of its messages on each channel; one whose
 * time has come, that it is on its way.
 */
export function AnnouncementItem({
  announcement,
  auction,
  now,
  onChange,
  onCancel,
}: {
  announcement: Announcement;
  auction: AuctionEnd & { id: number };
  now: number;
  /** Opens its change, which the section holds: it stays open when the message moves to the earlier ones. */
  onChange: () => void;
  /** Asks to cancel it, in a confirmation the section holds for the same reason. */
  onCancel: () => void;
}) {
  const locale = useLocale();
  const [readingHistory, setReadingHistory] = useState(false);
  const state = announcementState(announcement, now);
  const at = (iso: string) => unbrokenDateTime(iso, locale);
  const goesOut = { when: <GoingOut announcement={announcement} /> };
  const name = announcement.sentBy ?? '—';

  return (
    <li className={`announcements__item announcements__item--${state}`}>
      {state === 'scheduled' && (
        <div className="announcements__status announcements__status--scheduled">
          <p>
            <FormattedMessage id="console.announcements.goesOut" values={goesOut} />
          </p>
          <div className="announcements__actions">
            <button type="button" className="button button--secondary" onClick={onChange}>
              <FormattedMessage id="console.announcements.change" />
            </button>
            <button type="button" className="button button--secondary" onClick={onCancel}>
              <FormattedMessage id="console.announcements.cancel" />
            </button>
          </div>
        </div>
      )}
      {state === 'cancelled' && announcement.cancelledAt && (
        <p className="announcements__status">
          {announcement.cancelledBy ? (
            <FormattedMessage
              id="console.announcements.cancelledBy"
              values={{ name: announcement.cancelledBy, ...at(announcement.cancelledAt) }}
            />
          ) : (
            // By the workers: the auction was archived first, or, for one tied to its end, its bidding ended.
            <FormattedMessage
              id={
                announcement.minutesBeforeEnd === null
                  ? 'console.announcements.cancelledArchived'
                  : announcement.closingGroup
                    ? 'console.announcements.cancelledGroupClosed'
                    : 'console.announcements.cancelledEnded'
              }
            />
          )}
        </p>
      )}
      {state === 'waiting' && (
        <p className="announcements__status">
          <FormattedMessage id="console.announcements.waiting" />
        </p>
      )}
      <p className="announcements__meta">
        {announcement.sentAt ? (
          <FormattedMessage id="console.announcements.sentBy" values={{ name, ...at(announcement.sentAt) }} />
        ) : (
          <FormattedMessage id="console.announcements.recordedBy" values={{ name, ...at(announcement.recordedAt) }} />
        )}
        {' · '}
        <FormattedMessage
          id="console.announcements.sentTo"
          values={{ audience: announcement.audience, name: announcement.guest?.name ?? '—' }}
        />
        {announcement.changedAt && (
          <>
            {' · '}
            <FormattedMessage
              id="console.announcements.changedBy"
              values={{ name: announcement.changedBy ?? '—', ...at(announcement.changedAt) }}
            />{' '}
            <button type="button" className="link-button" onClick={() => setReadingHistory(true)}>
              <FormattedMessage id="console.announcements.history" />
            </button>
          </>
        )}
      </p>
      <blockquote className="announcements__words">{textIn(announcement.message, locale)}</blockquote>
      {state === 'sent' && (
        <ul className="announcements__delivery">
          {announcement.channels.map((channel) => {
            const delivery = announcement.delivery[channel];
            return (
              <li key={channel}>
                <FormattedMessage
                  id="console.announcements.delivery"
                  values={{
                    channel: <FormattedMessage id={CHANNEL_KEYS[channel]} values={{ count: delivery.recipients }} />,
                    sent: delivery.sent,
                    pending: delivery.pending,
                    skipped: delivery.skipped,
                    failed: delivery.failed,
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      {readingHistory && (
        <AnnouncementHistory
          auction={auction}
          announcementId={announcement.id}
          guestName={announcement.guest?.name ?? '—'}
          onClose={() => setReadingHistory(false)}
        />
      )}
    </li>
  );
}

/**
 * When it goes out: on a day at a time; or so many minutes before the auction's end or a closing
 * group's, with the time that makes by the end as it is now (the workers follow the end when it
 * moves), or without one while the auction has no end date or the group was removed.
 */
export function GoingOut({ announcement }: { announcement: Announcement }) {
  const locale = useLocale();
  const { sendAt, minutesBeforeEnd, closingGroup } = announcement;
  const at = sendAt
    ? {
        day: formatSendDay(sendAt, locale),
        time: <Unbroken>{formatTime(sendAt, locale)}</Unbroken>,
      }
    : null;
  if (minutesBeforeEnd === null) {
    return at ? <FormattedMessage id="console.announcements.at" values={at} /> : null;
  }
  if (closingGroup) {
    return closingGroup.name === null ? (
      <FormattedMessage id="console.announcements.beforeRemovedGroupEnd" values={{ minutes: minutesBeforeEnd }} />
    ) : (
      <FormattedMessage
        id="console.announcements.beforeGroupEndAt"
        values={{
          minutes: minutesBeforeEnd,
          group: textIn(closingGroup.name, locale),
          ...(at ?? { day: '', time: '' }),
        }}
      />
    );
  }
  return at ? (
    <FormattedMessage id="console.announcements.beforeEndAt" values={{ minutes: minutesBeforeEnd, ...at }} />
  ) : (
    <FormattedMessage id="console.announcements.beforeEnd" values={{ minutes: minutesBeforeEnd }} />
  );
}
