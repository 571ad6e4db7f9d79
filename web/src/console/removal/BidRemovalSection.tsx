import type { bidRemoval, operator } from '@auction/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { titleOf } from '../auctionLabels.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { LotBids } from './LotBids.tsx';
import { LotPicker, lotName } from './LotPicker.tsx';
import { RemovalPanel } from './RemovalPanel.tsx';
import './removal.css';

/**
 * A bid's removal, with the standing it would produce beside today's (DESIGN.md §3 rule 4): choose
 * a lot, pick one of its bids, read the preview, give a reason, confirm.
 */
export default function BidRemovalSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  const [lot, setLot] = useState<operator.OperatorLot | null>(null);
  const [bid, setBid] = useState<bidRemoval.RemovalBid | null>(null);
  return (
    <>
      <h2>
        <FormattedMessage id="console.removal.title" values={{ auction: titleOf(auction, locale) }} />
      </h2>
      <p className="console__muted">
        <FormattedMessage id="console.removal.intro" />
      </p>
      {lot === null ? (
        <LotPicker auctionId={auction.id} onPick={setLot} />
      ) : (
        <>
          <div className="removal__chosen">
            <strong>
              {lot.lotNumber} · {lotName(lot, locale)}
            </strong>
            <button
              type="button"
              className="console__role"
              onClick={() => {
                setLot(null);
                setBid(null);
              }}
            >
              <FormattedMessage id="console.removal.otherLot" />
            </button>
          </div>
          <LotBids lotId={lot.id} picked={bid?.bidId ?? null} onPick={setBid} />
          {bid && (
            <RemovalPanel
              key={bid.bidId}
              lotId={lot.id}
              auctionId={auction.id}
              bid={bid}
              onRemoved={() => setBid(null)}
            />
          )}
        </>
      )}
    </>
  );
}
