import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate, formatTime } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { countdownParts, pad2 } from './countdown.ts';
import { useServerNow } from './serverClock.ts';

/**
 * Days to seconds to a target on the server's clock; gone at zero (spec 001 §4). role=timer is not
 * announced on every tick; the tooltip text is also given to assistive technology.
 */
export function Countdown({
  target,
  tooltipId,
  className = 'countdown',
  redUnderMs,
}: {
  target: string | null | undefined;
  tooltipId?: MessageId;
  className?: string;
  /** Turn red when less than this remains (the leaderboard's 5 minutes). */
  redUnderMs?: number;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const now = useServerNow();
  // The tooltip changes with the target, not with the tick: made once, not every second per card.
  const tooltip = useMemo(
    () =>
      tooltipId && target
        ? intl.formatMessage({ id: tooltipId }, { date: formatDate(target, locale), time: formatTime(target, locale) })
        : undefined,
    [intl, locale, target, tooltipId],
  );
  if (!target) return null;
  const parts = countdownParts(Date.parse(target), now);
  if (!parts) return null;
  const red = redUnderMs !== undefined && parts.totalMs < redUnderMs;
  return (
    <span
      className={red ? `${className} ${className}--red` : className}
      role="timer"
      title={tooltip}
      aria-label={tooltip}
    >
      <FormattedMessage
        id="countdown.value"
        values={{
          days: parts.days,
          hours: pad2(parts.hours),
          minutes: pad2(parts.minutes),
          seconds: pad2(parts.seconds),
        }}
      />
    </span>
  );
}
