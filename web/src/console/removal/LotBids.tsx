import type { bidRemoval } from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate, formatMoney, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { ListTable } from '../../lib/listTable/ListTable.tsx';
import { applyQuery, initialQuery, type ListQuery } from '../../lib/listTable/listTableRules.ts';
import { PressedButton } from '../PressedButton.tsx';
import { removalQueries } from './queries.ts';
import { centsOf } from './removalConsequence.ts';

type Bid = bidRemoval.RemovalBid;

/** A max's automatic bids go with it when one is removed (DESIGN.md §3 rule 4): the kind says which. */
export const kindKey = (bid: Bid): MessageId =>
  bid.isAutoBid ? 'console.removal.kind.automatic' : 'console.removal.kind.manual';

/** The lot's standing bids, newest first, each with the button that previews its removal. */
export function LotBids({
  lotId,
  picked,
  onPick,
}: {
  lotId: number;
  picked: string | null;
  onPick: (bid: Bid) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const bids = useQuery(removalQueries.lotBids(lotId));
  const [query, setQuery] = useState<ListQuery>(() => initialQuery(25, null));
  if (bids.isPending) return <Loading />;
  if (bids.isError) return <LoadError onRetry={() => bids.refetch()} />;
  const shown = applyQuery(bids.data.bids, query, {
    sortValue: (bid, column) => (column === 'amount' ? centsOf(bid.amount) : bid.placedAt),
    quickFilter: (bid, id) => (id === 'manual' ? !bid.isAutoBid : true),
    sideValue: (bid) => bid.bidder.name,
  });
  const when = (bid: Bid) => `${formatDate(bid.placedAt, locale)} ${formatTime(bid.placedAt, locale)}`;
  const action = (bid: Bid) => (
    <PressedButton
      pressed={picked === bid.bidId}
      aria-label={intl.formatMessage(
        { id: 'console.removal.previewLabel' },
        { amount: formatMoney(centsOf(bid.amount), locale), name: bid.bidder.name },
      )}
      disabled={bids.data.invoiced}
      onClick={() => onPick(bid)}
    >
      <FormattedMessage id="console.removal.preview" />
    </PressedButton>
  );
  return (
    <>
      {bids.data.invoiced && (
        <p role="status" className="removal__notice">
          <FormattedMessage id="lot_invoiced" />
        </p>
      )}
      <ListTable<Bid>
        title={<FormattedMessage id="console.removal.bidsTitle" />}
        titleLevel={2}
        rows={shown.rows}
        count={shown.count}
        rowKey={(bid) => bid.bidId}
        query={query}
        onQueryChange={setQuery}
        empty={<FormattedMessage id="console.removal.noBid" />}
        quickFilters={[{ id: 'manual', label: <FormattedMessage id="console.removal.kind.manual" /> }]}
        renderCard={(bid) => (
          <div className="console__lot-card">
            <strong>
              {formatMoney(centsOf(bid.amount), locale)} · {bid.bidder.name}
            </strong>
            <span className="console__muted">
              {when(bid)} · <FormattedMessage id={kindKey(bid)} />
            </span>
            <div>{action(bid)}</div>
          </div>
        )}
        columns={[
          {
            id: 'amount',
            header: <FormattedMessage id="console.removal.amount" />,
            sortable: true,
            cell: (bid) => formatMoney(centsOf(bid.amount), locale),
          },
          {
            id: 'bidder',
            header: <FormattedMessage id="console.removal.bidder" />,
            cell: (bid) => (
              <>
                {bid.bidder.name}
                {bid.bidder.email && <div className="console__muted">{bid.bidder.email}</div>}
              </>
            ),
          },
          { id: 'time', header: <FormattedMessage id="console.removal.time" />, sortable: true, cell: when },
          {
            id: 'kind',
            header: <FormattedMessage id="console.removal.kind" />,
            cell: (bid) => (
              <span className="removal__kind">
                <FormattedMessage id={kindKey(bid)} />
              </span>
            ),
          },
          { id: 'action', header: <FormattedMessage id="console.lots.actions" />, cell: action },
        ]}
      />
    </>
  );
}
