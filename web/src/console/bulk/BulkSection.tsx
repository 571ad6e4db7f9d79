import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { titleOf } from '../auctionLabels.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { LotImport } from './LotImport.tsx';
import './bulk.css';

/** Lots imported from a CSV file with a preview, and the auction's CSV exports (docs/console.md "Bulk"). */
export default function BulkSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  return (
    <>
      <h2>
        <FormattedMessage id="console.bulk.title" values={{ auction: titleOf(auction, locale) }} />
      </h2>
      <LotImport auction={auction} />
      <ExportButtons auction={auction} />
    </>
  );
}
