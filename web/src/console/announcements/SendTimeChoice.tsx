import { ANNOUNCEMENT_SCHEDULE_MAX_DAYS } from '@auction/contract';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { browserTimeZone, fromLocalInput, toLocalInput, utcOffsetLabel } from '../setup/zonedTime.ts';
import type { AnnouncementDraft } from './announcementDraft.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the message goes out: now, or later at a date and time typed in the browser's zone, which
 * is named beside it with its offset on that date (so nobody wonders which evening "21:30" is).
 * The input's bounds are the API's (later than now, at most ANNOUNCEMENT_SCHEDULE_MAX_DAYS ahead);
 * the form checks them again before asking, as a browser lets a typed time past them.
 */
export function SendTimeChoice({
  draft,
  invalid,
  onChange,
}: {
  draft: Pick<AnnouncementDraft, 'when' | 'sendAt'>;
  invalid: boolean;
  onChange: (change: Partial<AnnouncementDraft>) => void;
}) {
  const id = useId();
  const now = Date.now();
  const typed = fromLocalInput(draft.sendAt);
  return (
    <fieldset className="announcements__choices">
      <legend>
        <FormattedMessage id="console.announcements.when" />
      </legend>
      {(['now', 'later'] as const).map((when) => (
        <label key={when}>
          <input
            type="radio"
            name="announcement-when"
            checked={draft.when === when}
            onChange={() => onChange({ when })}
          />
          <FormattedMessage
            id={when === 'now' ? 'console.announcements.when.now' : 'console.announcements.when.later'}
          />
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
            <FormattedMessage
              id="console.announcements.zone"
              values={{ zone: browserTimeZone(), offset: utcOffsetLabel(typed ? new Date(typed) : new Date(now)) }}
            />
          </p>
        </div>
      )}
    </fieldset>
  );
}
