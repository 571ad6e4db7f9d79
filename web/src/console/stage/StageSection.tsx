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

/** How often the list is read again while a sale recorded here has not reached it. */
const CATCH_UP_MS = 1000;

/** Whether a sale recorded here is still missing from the list. */
function behind(lots: readonly LiveLot[] | undefined, recorded: ReadonlyMap<number, LiveLot>): boolean {
  return (lots ?? []).some((lot) => recorded.has(lot.auctionLotItemId) && !lot.soldOnStage);
}

/**
 * Live lots sold on stage (docs/console.md "Stage"): the auction's live lots, each with its sale or
 * the button that records it (the winner found among the auction's bidders, the hammer price, a
 * confirmation). The sale closes the lot won; the leaderboard, the winners and the invoices follow.
 */
export default function StageSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  // Sales recorded here, shown as the API committed them until the read model has caught up.
  const [recorded, setRecorded] = useState<ReadonlyMap<number, LiveLot>>(new Map());
  const lots = useQuery({
    ...stageQueries.liveLots(auction.id),
    refetchInterval: (query) => (behind(query.state.data, recorded) ? CATCH_UP_MS : false),
  });
  const [selling, setSelling] = useState<LiveLot | null>(null);
  const shown = lots.data?.map((lot) => (behind([lot], recorded) ? (recorded.get(lot.auctionLotItemId) ?? lot) : lot));
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
      ) : shown === undefined || shown.length === 0 ? (
        <p>
          <FormattedMessage id="console.stage.empty" />
        </p>
      ) : (
        <ul className="stage__lots">
          {shown.map((lot) => {
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
                    <SalePanel
                      auctionId={auction.id}
                      lot={lot}
                      onSold={(sold) => setRecorded((before) => new Map(before).set(sold.auctionLotItemId, sold))}
                      onClose={() => setSelling(null)}
                    />
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
