/**
 * The set-up screen's dates are typed in the browser's own time zone (a `datetime-local` input has
 * none) and sent to the API as UTC instants. The zone and its UTC offset on that date are shown next
 * to each input, so nobody has to guess which evening "20:00" means, daylight saving included.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone the browser runs in, by its IANA name (e.g. America/Toronto). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** An ISO instant as a `datetime-local` value in the browser's zone; '' for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value read in the browser's zone, as an ISO instant; null for empty or invalid. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The zone's offset from UTC at that moment, as "UTC−05:00" (the minus sign, not a hyphen). */
export function utcOffsetLabel(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
