import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RequireLogin } from '../account/ProfilePage.tsx';
import { AuctionShell } from '../auctions/AuctionShell.tsx';
import type { Auction } from '../auctions/types.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { pathFor } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { ListTable } from '../lib/listTable/ListTable.tsx';
import { applyQuery, initialQuery, type ListQuery } from '../lib/listTable/listTableRules.ts';
import { Money } from '../lib/MoneyText.tsx';
import { toCents } from '../lib/money.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { displayPrice, lotName } from '../lots/lotState.ts';
import { type MyBid, myBidQueries } from './queries.ts';

/** Spec 001 §9's list page sizes, as the favourites. */
const PAGE_SIZES = [25, 50, 100, 200] as const;
const STANDINGS = ['leading', 'outbid', 'won', 'lost'] as const;
const standingLabel: Record<MyBid['standing'], MessageId> = {
  leading: 'myBids.standing.leading',
  outbid: 'myBids.standing.outbid',
  won: 'myBids.standing.won',
  lost: 'myBids.standing.lost',
};

/**
 * "My bids" (issue 17): the lots of this auction the user bid on, with their highest bid, the lot's
 * current price and where they stand, in the generic list table (quick filters by standing,
 * sortable columns, cards on phones). The hub's lot events refresh it (queries.ts).
 */
export function MyBids({ auction }: { auction: Auction }) {
  const intl = useIntl();
  const locale = useLocale();
  const [query, setQuery] = useState<ListQuery>(() =>
    initialQuery(PAGE_SIZES[0], { column: 'number', direction: 'asc' }),
  );
  const bids = useQuery(myBidQueries.list(auction.urlMagicLink));
  const rows = bids.data ?? [];
  const name = (bid: MyBid) => lotName(bid.lot, locale) ?? intl.formatMessage({ id: 'no-translations' });
  const shown = applyQuery(rows, query, {
    sortValue: (bid, column) =>
      column === 'name'
        ? name(bid)
        : column === 'mine'
          ? (toCents(bid.myAmount) ?? 0)
          : column === 'price'
            ? displayPrice(bid.lot).cents
            : bid.lot.lotNumber,
    quickFilter: (bid, id) => bid.standing === id,
    sideValue: () => null,
  });
  const lotLink = (bid: MyBid) =>
    pathFor('lotDetail', { urlMagicLink: auction.urlMagicLink, auctionLotItemId: String(bid.lot.id) }, locale);

  return (
    <>
      <Link to={pathFor('lotList', { urlMagicLink: auction.urlMagicLink }, locale)} className="back-link">
        <FormattedMessage id="lot.backToList" />
      </Link>
      {bids.isPending ? <Loading /> : null}
      {bids.isError ? <LoadError onRetry={() => bids.refetch()} /> : null}
      {bids.isSuccess ? (
        <ListTable<MyBid>
          title={<FormattedMessage id="myBids.title" />}
          rows={shown.rows}
          count={shown.count}
          rowKey={(bid) => bid.lot.id}
          query={query}
          onQueryChange={setQuery}
          pageSizes={PAGE_SIZES}
          empty={<FormattedMessage id={rows.length === 0 ? 'myBids.none' : 'no_matching_result'} />}
          quickFilters={STANDINGS.map((id) => ({ id, label: <FormattedMessage id={standingLabel[id]} /> }))}
          columns={[
            {
              id: 'number',
              header: <FormattedMessage id="favorites.column.number" />,
              sortable: true,
              cell: (bid) => (bid.lot.lotNumber > 0 ? bid.lot.lotNumber : ''),
            },
            {
              id: 'name',
              header: <FormattedMessage id="favorites.column.name" />,
              sortable: true,
              cell: (bid) => <Link to={lotLink(bid)}>{name(bid)}</Link>,
            },
            {
              id: 'mine',
              header: <FormattedMessage id="myBids.column.mine" />,
              sortable: true,
              cell: (bid) => <Money cents={toCents(bid.myAmount) ?? 0} />,
            },
            {
              id: 'price',
              header: <FormattedMessage id="favorites.column.price" />,
              sortable: true,
              cell: (bid) => {
                const price = displayPrice(bid.lot);
                return price.cents === null ? '' : <Money cents={price.cents} />;
              },
            },
            {
              id: 'standing',
              header: <FormattedMessage id="myBids.column.standing" />,
              cell: (bid) => (
                <span className={`my-bid-standing my-bid-standing--${bid.standing}`}>
                  <FormattedMessage id={standingLabel[bid.standing]} />
                </span>
              ),
            },
          ]}
        />
      ) : null}
    </>
  );
}

export function MyBidsScreen() {
  const urlMagicLink = useRouteParam('urlMagicLink');
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen="myBids" showBanner={false}>
      {({ auction }) => <RequireLogin>{() => <MyBids auction={auction} />}</RequireLogin>}
    </AuctionShell>
  );
}
