import { FormattedMessage, useIntl } from 'react-intl';
import { browserTimeZone, utcOffsetLabel } from './zonedTime.ts';

/**
 * Under a `datetime-local` box: the moment typed, written out in the page's language, with the
 * browser's zone and its UTC offset on that date (daylight saving included). The box itself takes
 * the browser's format, not the page's: a French page read in an English browser shows 11/30/2026,
 * 7:00 PM, and an organiser should not have to work out which day that is.
 */
export function DateZoneHint({ iso }: { iso: string | null }) {
  const intl = useIntl();
  const at = iso ? new Date(iso) : new Date();
  const zone = { zone: browserTimeZone(), offset: utcOffsetLabel(at) };
  return iso ? (
    <FormattedMessage
      id="console.setup.dateInZone"
      values={{
        ...zone,
        date: intl.formatDate(at, { dateStyle: 'full' }),
        // « 23 h 08 » kept on one line.
        time: intl.formatTime(at, { timeStyle: 'short' }).replace(/\s/g, '\u00a0'),
      }}
    />
  ) : (
    <FormattedMessage id="console.setup.dateZone" values={zone} />
  );
}
