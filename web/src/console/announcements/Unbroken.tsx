import { formatDate, formatTime } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/routes.ts';

/**
 * A time or a numeric date kept on one line: French times ("0 h 30") and ISO dates ("2026-11-27")
 * would otherwise break at their spaces and hyphens on a phone, leaving "à 0" at the end of a line.
 * A day in words ("samedi 28 novembre") may wrap like any words.
 */
export function Unbroken({ children }: { children: string }) {
  return <span className="announcements__unbroken">{children}</span>;
}

/** A moment as the messages' `{date}` and `{time}` values ("on {date} at {time}"), each kept on one line. */
export function unbrokenDateTime(iso: string, locale: Locale) {
  return {
    date: <Unbroken>{formatDate(iso, locale)}</Unbroken>,
    time: <Unbroken>{formatTime(iso, locale)}</Unbroken>,
  };
}
