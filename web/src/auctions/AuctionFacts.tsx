import { FormattedMessage } from 'react-intl';
import { formatDate, formatTime } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { auctionMilestone, isClosed, statusLabel } from './display.ts';
import type { AuctionStatus, AuctionSummary } from './types.ts';

export function StatusBadge({ status }: { status: AuctionStatus }) {
  return (
    <span className={`status-badge status-badge--${status}`}>
      <FormattedMessage id={statusLabel[status]} />
    </span>
  );
}

export function Milestone({
  auction,
  className,
}: {
  auction: Pick<AuctionSummary, 'status' | 'dateOpen' | 'dateCompleted'>;
  className?: string;
}) {
  const locale = useLocale();
  const milestone = auctionMilestone(auction);
  if (!milestone) return null;
  return (
    <p className={className}>
      <time dateTime={milestone.date}>
        <FormattedMessage
          id={milestone.messageId}
          values={{
            date: formatDate(milestone.date, locale),
            time: formatTime(milestone.date, locale),
          }}
        />
      </time>
    </p>
  );
}

export function closedClass(auction: AuctionSummary, base: string): string {
  return isClosed(auction.status) ? `${base} ${base}--closed` : base;
}
