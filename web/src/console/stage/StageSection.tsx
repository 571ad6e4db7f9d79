import type { LiveLot } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { toCents } from '../../lib/money.ts';
import { titleOf } from '../auctionLabels.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { isForSale, liveLotName, liveLotStateKey } from './liveSale.ts';
import { stageQueries } from './queries.ts';
import { SalePanel } from './SalePanel.tsx';
import './stage.css';

/**
 * Live lots sold on stage (docs/console.md "Stage"): the auction's live lots, each with its sale or
 * the button that records it (the winner found among the auction's bidders, the hammer price, a
 * confirmation). The sale closes the lot won; the leaderboard, the winners and the invoices follow.
 */
export default function StageSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  const lots = useQuery(stageQueries.liveLots(auction.id));
  const [selling, setSelling] = useState<LiveLot | null>(null);
  return (
    <>
      <h2>
        <FormattedMessage id="console.stage.title" values={{ auction: titleOf(auction, locale) }} />
      </h2>
      <p className="console__muted">
        <FormattedMessage id="console.stage.intro" />
      </p>
      {lots.isPending ? (
        <Loading />
      ) : lots.isError ? (
        <LoadError onRetry={() => lots.refetch()} />
      ) : lots.data.length === 0 ? (
        <p>
          <FormattedMessage id="console.stage.empty" />
        </p>
      ) : (
        <ul className="stage__lots">
          {lots.data.map((lot) => {
            const price = toCents(lot.price);
            return (
              <li key={lot.auctionLotItemId} className={`stage__lot${isForSale(lot) ? '' : ' stage__lot--done'}`}>
                <div className="stage__lot-head">
                  <strong>
                    {lot.lotNumber} · {liveLotName(lot, locale)}
                  </strong>
                  <span className="console__muted">
                    <FormattedMessage
                      id={liveLotStateKey(lot)}
                      values={{
                        winner: lot.winner?.name ?? '',
                        amount: price === null ? '' : formatMoney(price, locale),
                      }}
                    />
                  </span>
                </div>
                {isForSale(lot) &&
                  (selling?.auctionLotItemId === lot.auctionLotItemId ? (
                    <SalePanel auctionId={auction.id} lot={lot} onClose={() => setSelling(null)} />
                  ) : (
                    <button type="button" className="button" onClick={() => setSelling(lot)}>
                      <FormattedMessage id="console.stage.record" />
                    </button>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
