import type { LiveLot } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { toCents } from '../../lib/money.ts';
import { titleOf } from '../auctionLabels.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { isCorrectable, isForSale, liveLotName, liveLotStateKey, showsSale } from './liveSale.ts';
import { stageQueries } from './queries.ts';
import { SalePanel } from './SalePanel.tsx';
import './stage.css';

/** How often the list is read again while a sale recorded here has not reached it. */
const CATCH_UP_MS = 1000;

/** Whether the list has not caught up with a sale or a correction made here. */
function behind(lot: LiveLot, recorded: ReadonlyMap<number, LiveLot>): boolean {
  const committed = recorded.get(lot.auctionLotItemId);
  return committed !== undefined && !showsSale(lot, committed);
}

/**
 * Live lots sold on stage (docs/console.md "Stage"): the auction's live lots, each with its sale or
 * the button that records it (the winner found among the auction's bidders, the hammer price, a
 * confirmation). The sale closes the lot won; the leaderboard, the winners and the invoices follow.
 * A sale on stage is corrected the same way (another winner or price, with why) until the auction's
 * invoices exist.
 */
export default function StageSection({ auction }: AuctionSectionProps) {
  const locale = useLocale();
  // Sales recorded or corrected here, shown as the API committed them until the read model has caught up.
  const [recorded, setRecorded] = useState<ReadonlyMap<number, LiveLot>>(new Map());
  const lots = useQuery({
    ...stageQueries.liveLots(auction.id),
    refetchInterval: (query) => ((query.state.data ?? []).some((lot) => behind(lot, recorded)) ? CATCH_UP_MS : false),
  });
  // Once the list shows a committed sale it is the list's again: a later change elsewhere shows.
  useEffect(() => {
    const caughtUp = (lots.data ?? []).filter((lot) => recorded.has(lot.auctionLotItemId) && !behind(lot, recorded));
    if (caughtUp.length === 0) return;
    setRecorded((before) => {
      const after = new Map(before);
      for (const lot of caughtUp) after.delete(lot.auctionLotItemId);
      return after;
    });
  }, [lots.data, recorded]);
  const [open, setOpen] = useState<{ lotId: number; correcting: boolean } | null>(null);
  const shown = lots.data?.map((lot) => (behind(lot, recorded) ? (recorded.get(lot.auctionLotItemId) ?? lot) : lot));
  /** The lot's sale panel while what it does is still possible, else the button that opens it. */
  const actionOf = (lot: LiveLot) => {
    const forSale = isForSale(lot);
    const correctable = isCorrectable(lot, auction.status);
    if (open?.lotId === lot.auctionLotItemId && (open.correcting ? correctable : forSale))
      return (
        <SalePanel
          auctionId={auction.id}
          organizationId={auction.organizationId}
          lot={lot}
          correcting={open.correcting}
          onSold={(sold) => setRecorded((before) => new Map(before).set(sold.auctionLotItemId, sold))}
          onClose={() => setOpen(null)}
        />
      );
    if (!forSale && !correctable) return null;
    return (
      <button
        type="button"
        className={forSale ? 'button' : 'button button--secondary'}
        onClick={() => setOpen({ lotId: lot.auctionLotItemId, correcting: !forSale })}
      >
        <FormattedMessage id={forSale ? 'console.stage.record' : 'console.stage.correct'} />
      </button>
    );
  };
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
                {actionOf(lot)}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
