import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { titleOf } from '../auctionLabels.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { AuditReplay } from './AuditReplay.tsx';

/** The auditor's replay of a lot's stream, and the auction's export, for the auction's operators. */
export default function AuditSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  return (
    <>
      <h2>
        <FormattedMessage id="console.audit.title" values={{ auction: titleOf(auction, locale) }} />
      </h2>
      <p className="console__muted">
        <FormattedMessage id="console.audit.intro" />
      </p>
      <AuditReplay auctionId={auction.id} />
    </>
  );
}
