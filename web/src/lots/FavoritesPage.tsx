import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { RequireLogin } from '../account/ProfilePage.tsx';
import { AuctionShell } from '../auctions/AuctionShell.tsx';
import { useTeams } from '../auctions/queries.ts';
import type { Auction } from '../auctions/types.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { useRouteParam } from '../lib/useRoute.ts';
import { LotCard } from './LotCard.tsx';
import { lotQueries } from './queries.ts';

/** Spec 001 §9: favourites page sizes. */
export const FAVORITE_PAGE_SIZES = [25, 50, 100, 200] as const;

function Favorites({ auction }: { auction: Auction }) {
  const locale = useLocale();
  const [pageSize, setPageSize] = useState<number>(FAVORITE_PAGE_SIZES[0]);
  const [currentPage, setCurrentPage] = useState(1);
  const teams = useTeams(auction.urlMagicLink, Boolean(auction.allowItemsManagementByTeam));
  const favorites = useQuery(lotQueries.favoritePage(auction.urlMagicLink, pageSize, currentPage));
  const pages = favorites.data ? Math.max(1, Math.ceil(favorites.data.count / pageSize)) : 1;
  return (
    <section>
      <Link to={pathFor('lotList', { urlMagicLink: auction.urlMagicLink }, locale)} className="back-link">
        <FormattedMessage id="lot.backToList" />
      </Link>
      <h1 className="page__title">
        <FormattedMessage id="favorites.title" />
      </h1>
      <div className="field field--inline">
        <label htmlFor="favorites-page-size">
          <FormattedMessage id="table.pageSize" />
        </label>
        <select
          id="favorites-page-size"
          value={pageSize}
          onChange={(event) => {
            setPageSize(Number(event.target.value));
            setCurrentPage(1);
          }}
        >
          {FAVORITE_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {favorites.isPending ? <Loading /> : null}
      {favorites.isError ? <LoadError onRetry={() => favorites.refetch()} /> : null}
      {favorites.data && favorites.data.items.length === 0 ? (
        <p className="empty-state">
          <FormattedMessage id="noFavoritesItems" />
        </p>
      ) : null}
      {favorites.data && favorites.data.items.length > 0 ? (
        <ul className="lot-grid">
          {favorites.data.items.map((lot) => (
            <li key={lot.id}>
              <LotCard lot={lot} auction={auction} teams={teams.data} layout="grid" />
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="pagination" aria-label="pagination">
          {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
            <button
              key={page}
              type="button"
              className="button button--secondary"
              aria-current={page === currentPage ? 'page' : undefined}
              onClick={() => setCurrentPage(page)}
            >
              {page}
            </button>
          ))}
        </nav>
      ) : null}
    </section>
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
