import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { isListed } from '../auctions/display.ts';
import { auctionQueries, useProfitStats } from '../auctions/queries.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { toCents } from '../lib/money.ts';
import { AuctionCard } from './AuctionCard.tsx';
import { orderForHome } from './homeOrder.ts';
import { searchAuctions } from './searchAuctions.ts';

export function HomePage() {
  const locale = useLocale();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const auctions = useQuery({
    ...auctionQueries.list(locale),
    // The API already hides these; filtering again keeps a stale or wider answer from leaking them.
    select: (list) => orderForHome(list.filter((auction) => isListed(auction.status))),
  });
  const profits = useProfitStats();

  const matches = auctions.data ? searchAuctions(auctions.data, query, locale) : [];

  return (
    <>
      <PageTitle id="home.title" />
      {/* Results filter as the user types, so there is nothing to submit and no form. */}
      <search className="search">
        <label htmlFor={searchId} className="search__label">
          <FormattedMessage id="home.search.label" />
        </label>
        <input
          id={searchId}
          type="search"
          className="search__input"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby={`${searchId}-hint`}
          autoComplete="off"
        />
        <p id={`${searchId}-hint`} className="search__hint">
          <FormattedMessage id="home.search.hint" />
        </p>
      </search>

      {auctions.isPending ? <Loading /> : null}
      {auctions.isError ? <LoadError onRetry={() => auctions.refetch()} /> : null}
      {auctions.isSuccess ? (
        <>
          <p className="visually-hidden" role="status">
            <FormattedMessage id="home.resultCount" values={{ count: matches.length }} />
          </p>
          {matches.length === 0 ? (
            <p className="empty-state">
              <FormattedMessage id={auctions.data.length === 0 ? 'home.empty' : 'no_matching_result'} />
            </p>
          ) : (
            <ul className="auction-grid">
              {matches.map((auction) => (
                <li key={auction.id}>
                  <AuctionCard
                    auction={auction}
                    profitCents={toCents(profits.data?.find((entry) => entry.auctionId === auction.id)?.profit)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </>
  );
}
