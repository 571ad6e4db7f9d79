import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { useLastReceipt } from './receiptStore.ts';

/** The bidder's receipt of their latest accepted bid on this lot, as a JSON download, and where to check it. */
export function ReceiptLink({ lotId }: { lotId: number }) {
  const locale = useLocale();
  const receipt = useLastReceipt(lotId);
  if (!receipt) return null;
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(receipt, null, 2))}`;
  return (
    <p className="receipt-link">
      <a href={href} download={`receipt-lot-${lotId}-v${receipt.streamVersion}.json`}>
        <FormattedMessage id="receipt.download" />
      </a>{' '}
      <Link to={pathFor('receiptCheck', {}, locale)}>
        <FormattedMessage id="receipt.check_link" />
      </Link>
    </p>
  );
}
