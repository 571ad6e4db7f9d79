import { FormattedMessage } from 'react-intl';
import './bidderNumber.css';

/**
 * A guest's bidder number (the paddle handed at check-in, docs/console.md "Check-in"), large enough
 * to be read from a paddle held up or copied onto one; nothing before the guest has arrived.
 */
export function BidderNumber({ number }: { number: number | null }) {
  if (number === null) return null;
  return (
    <span className="bidder-number">
      <FormattedMessage id="console.bidderNumber" values={{ number }} />
    </span>
  );
}
