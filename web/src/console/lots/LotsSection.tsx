import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { titleOf } from '../auctionLabels.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { ConsoleLots } from './ConsoleLots.tsx';

/** The auction's lots: the table with the lot commands. */
export default function LotsSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  return (
    <>
      <h2>
        <FormattedMessage id="console.lots.title" values={{ auction: titleOf(auction, locale) }} />
      </h2>
      <ConsoleLots auctionId={auction.id} />
    </>
  );
}
