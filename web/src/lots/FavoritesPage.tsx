import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RequireLogin } from '../account/ProfilePage.tsx';
import { AuctionShell } from '../auctions/AuctionShell.tsx';
import { useTeams } from '../auctions/queries.ts';
import type { Auction } from '../auctions/types.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { ListTable } from '../lib/listTable/ListTable.tsx';
import { applyQuery, initialQuery, type ListQuery } from '../lib/listTable/listTableRules.ts';
import { Money } from '../lib/MoneyText.tsx';
import { useRouteParam } from '../lib/useRoute.ts';
import { Countdown } from '../time/Countdown.tsx';
import { LotCard } from './LotCard.tsx';
import { displayPrice, isLotClosed, lotName } from './lotState.ts';
import { lotQueries } from './queries.ts';
import type { Lot } from './types.ts';

/** Spec 001 §9: favourites page sizes. */
export const FAVORITE_PAGE_SIZES = [25, 50, 100, 200] as const;
/**
 * The API's largest page. A bidder's favourites in one auction are far fewer, so they load in one
 * request and the table sorts, filters and pages them in the browser.
 */
const ALL_FAVORITES = 200;

function translated(translations: Array<{ languageCode: string; name: string }>, locale: string): string {
  return (translations.find((t) => t.languageCode === locale) ?? translations[0])?.name ?? '';
}

function Favorites({ auction }: { auction: Auction }) {
  const intl = useIntl();
  const locale = useLocale();
  // Spec 001 §9: favourites list 25 per page, sorted by id ascending.
  const [query, setQuery] = useState<ListQuery>(() =>
    initialQuery(FAVORITE_PAGE_SIZES[0], { column: 'id', direction: 'asc' }),
  );
  const teams = useTeams(auction.urlMagicLink, Boolean(auction.allowItemsManagementByTeam));
  const favorites = useQuery(lotQueries.favoritePage(auction.urlMagicLink, ALL_FAVORITES, 1));
  const items = favorites.data?.items ?? [];
  const priceCeiling = Math.max(100, ...items.map((lot) => Math.ceil((displayPrice(lot).cents ?? 0) / 100)));
  const name = (lot: Lot) => lotName(lot, locale) ?? intl.formatMessage({ id: 'no-translations' });
  // A few favourites: recomputed on each render rather than memoised.
  const shown = applyQuery(items, query, {
    sortValue: (lot, column) =>
      column === 'number'
        ? lot.lotNumber
        : column === 'price'
          ? displayPrice(lot).cents
          : column === 'name'
            ? name(lot)
            : column === 'closes'
              ? lot.dateCompletedUtc
              : lot.id,
    quickFilter: (lot, id) => (id === 'open' ? !isLotClosed(lot, auction.status) : isLotClosed(lot, auction.status)),
    sideValue: (lot, id) =>
      id === 'name'
        ? name(lot)
        : id === 'price'
          ? (displayPrice(lot).cents ?? 0) / 100
          : lot.itemCategories.map((category) => String(category.id)),
  });
  const categories = [...(auction.itemCategories ?? [])].sort((a, b) => a.order - b.order);
  const lotLink = (lot: Lot) =>
    pathFor('lotDetail', { urlMagicLink: auction.urlMagicLink, auctionLotItemId: String(lot.id) }, locale);

  return (
    <>
      <Link to={pathFor('lotList', { urlMagicLink: auction.urlMagicLink }, locale)} className="back-link">
        <FormattedMessage id="lot.backToList" />
      </Link>
      {favorites.isPending ? <Loading /> : null}
      {favorites.isError ? <LoadError onRetry={() => favorites.refetch()} /> : null}
      {favorites.isSuccess ? (
        <ListTable<Lot>
          title={<FormattedMessage id="favorites.title" />}
          rows={shown.rows}
          count={shown.count}
          rowKey={(lot) => lot.id}
          query={query}
          onQueryChange={setQuery}
          pageSizes={FAVORITE_PAGE_SIZES}
          empty={<FormattedMessage id={items.length === 0 ? 'noFavoritesItems' : 'no_matching_result'} />}
          quickFilters={[
            { id: 'open', label: <FormattedMessage id="favorites.filter.open" /> },
            { id: 'closed', label: <FormattedMessage id="favorites.filter.closed" /> },
          ]}
          sideFilters={[
            { kind: 'text', id: 'name', label: <FormattedMessage id="favorites.filter.name" /> },
            {
              kind: 'slider',
              id: 'price',
              label: <FormattedMessage id="favorites.filter.price" />,
              min: 0,
              max: priceCeiling,
            },
            ...(categories.length
              ? [
                  {
                    kind: 'checkboxes' as const,
                    id: 'category',
                    label: <FormattedMessage id="lots.categories" />,
                    options: categories.map((category) => ({
                      value: String(category.id),
                      label: translated(category.translations, locale),
                    })),
                  },
                ]
              : []),
          ]}
          columns={[
            {
              id: 'number',
              header: <FormattedMessage id="favorites.column.number" />,
              sortable: true,
              cell: (lot) => (lot.lotNumber > 0 ? lot.lotNumber : ''),
            },
            {
              id: 'name',
              header: <FormattedMessage id="favorites.column.name" />,
              sortable: true,
              cell: (lot) => <Link to={lotLink(lot)}>{name(lot)}</Link>,
            },
            {
              id: 'price',
              header: <FormattedMessage id="favorites.column.price" />,
              sortable: true,
              cell: (lot) => {
                const price = displayPrice(lot);
                return price.cents === null ? '' : <Money cents={price.cents} />;
              },
            },
            {
              id: 'closes',
              header: <FormattedMessage id="favorites.column.closes" />,
              sortable: true,
              cell: (lot) =>
                isLotClosed(lot, auction.status) ? (
                  <FormattedMessage id="lot.closed" />
                ) : (
                  <Countdown target={lot.dateCompletedUtc} tooltipId="lot.endsAt" />
                ),
            },
          ]}
          renderCard={(lot) => <LotCard lot={lot} auction={auction} teams={teams.data} layout="grid" />}
        />
      ) : null}
    </>
  );
}

export function FavoritesScreen() {
  const urlMagicLink = useRouteParam('urlMagicLink');
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen="favorites" showBanner={false}>
      {({ auction }) => <RequireLogin>{() => <Favorites auction={auction} />}</RequireLogin>}
    </AuctionShell>
  );
}
