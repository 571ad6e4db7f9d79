import { ANNOUNCEMENT_MAX_MINUTES_BEFORE_END, ANNOUNCEMENT_SCHEDULE_MAX_DAYS } from '@auction/contract';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { entryName } from '../entryName.ts';
import { DateZoneHint } from '../setup/DateZoneHint.tsx';
import { fromLocalInput, toLocalInput } from '../setup/zonedTime.ts';
import type { AnnouncementDraft, SendTimeDraft } from './announcementDraft.ts';
import { type AuctionEnd, beforeEndAt, formatSendDay, tiedEnd } from './sendTime.ts';
import { Unbroken } from './Unbroken.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

const WHENS = ['now', 'later', 'beforeEnd'] as const;

const WHEN_KEYS: Record<AnnouncementDraft['when'], MessageId> = {
  now: 'console.announcements.when.now',
  later: 'console.announcements.when.later',
  beforeEnd: 'console.announcements.when.beforeEnd',
};

/**
 * When the message goes out: now, or later at a date and time typed in the browser's zone, which
 * is named beside it with its offset on that date (so nobody wonders which evening "21:30" is).
 * The input's bounds are the API's (later than now, at most ANNOUNCEMENT_SCHEDULE_MAX_DAYS ahead);
 * the form checks them again before asking, as a browser lets a typed time past them. Or so many
 * minutes before the auction's end ("bidding closes in ten minutes"), or a closing group's when
 * the auction has groups, with the time that makes by the end as it is now: the message follows
 * the end if it is moved. Without `auction` (a message to one guest), now or later only; without
 * `atOnce` (a change of one set for later), not now.
 */
export function SendTimeChoice({
  draft,
  auction,
  atOnce = true,
  invalid,
  onChange,
}: {
  draft: SendTimeDraft;
  auction?: AuctionEnd;
  /** Whether "now" is offered: not to a message already set for later, which stays so. */
  atOnce?: boolean;
  invalid: boolean;
  onChange: (change: Partial<SendTimeDraft>) => void;
}) {
  const id = useId();
  const locale = useLocale();
  const intl = useIntl();
  const now = Date.now();
  const minutes = Number(draft.minutesBeforeEnd);
  const end = auction ? tiedEnd(auction, draft.closingGroupId) : null;
  const endAt = end && Number.isInteger(minutes) && minutes > 0 ? beforeEndAt(minutes, end) : null;
  const typed = fromLocalInput(draft.sendAt);
  return (
    <fieldset className="announcements__choices">
      <legend>
        <FormattedMessage id="console.announcements.when" />
      </legend>
      {WHENS.filter((when) => (when !== 'now' || atOnce) && (when !== 'beforeEnd' || auction)).map((when) => (
        <label key={when}>
          <input type="radio" name={`${id}-when`} checked={draft.when === when} onChange={() => onChange({ when })} />
          <FormattedMessage id={WHEN_KEYS[when]} />
        </label>
      ))}
      {draft.when === 'later' && (
        <div className="field announcements__time">
          <label htmlFor={id}>
            <FormattedMessage id="console.announcements.sendAt" />
          </label>
          <input
            id={id}
            type="datetime-local"
            min={toLocalInput(new Date(now).toISOString())}
            max={toLocalInput(new Date(now + ANNOUNCEMENT_SCHEDULE_MAX_DAYS * DAY_MS).toISOString())}
            value={draft.sendAt}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-zone`}
            onChange={(event) => onChange({ sendAt: event.target.value })}
          />
          <p id={`${id}-zone`} className="field__hint">
            <DateZoneHint iso={typed} />.
            {/* To one guest (no auction's end given): no group whose members may change by then. */}
            {auction ? (
              <>
                {' '}
                <FormattedMessage id="console.announcements.groupAtThatTime" />
              </>
            ) : null}
          </p>
        </div>
      )}
      {draft.when === 'beforeEnd' && auction && end && (
        <div className="field announcements__time">
          {auction.closingGroups.length > 0 && (
            <>
              <label htmlFor={`${id}-end-of`}>
                <FormattedMessage id="console.announcements.beforeEndOf" />
              </label>
              <select
                id={`${id}-end-of`}
                value={draft.closingGroupId}
                onChange={(event) => onChange({ closingGroupId: event.target.value })}
              >
                <option value="">{intl.formatMessage({ id: 'console.announcements.endOfAuction' })}</option>
                {auction.closingGroups.map((group) => (
                  <option key={group.id} value={String(group.id)}>
                    {entryName(group.translations, locale)}
                  </option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={`${id}-minutes`}>
            <FormattedMessage id="console.announcements.minutesBeforeEnd" />
          </label>
          <input
            id={`${id}-minutes`}
            type="number"
            inputMode="numeric"
            min={1}
            max={ANNOUNCEMENT_MAX_MINUTES_BEFORE_END}
            step={1}
            value={draft.minutesBeforeEnd}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-end`}
            onChange={(event) => onChange({ minutesBeforeEnd: event.target.value })}
          />
          <p id={`${id}-end`} className="field__hint">
            {end.dateCompleted === null ? (
              <FormattedMessage id="console.announcements.beforeEndUnset" />
            ) : (
              <FormattedMessage
                id={end.group ? 'console.announcements.beforeGroupEndHint' : 'console.announcements.beforeEndHint'}
                values={{
                  group: end.group ? entryName(end.group.translations, locale) : '',
                  endDay: formatSendDay(end.dateCompleted, locale),
                  endTime: <Unbroken>{formatTime(end.dateCompleted, locale)}</Unbroken>,
                  time: endAt === null ? '—' : <Unbroken>{formatTime(new Date(endAt).toISOString(), locale)}</Unbroken>,
                }}
              />
            )}
          </p>
        </div>
      )}
    </fieldset>
  );
}
