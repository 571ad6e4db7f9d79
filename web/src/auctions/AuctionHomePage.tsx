import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { rootPath } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { useDocumentTitle } from '../layout/useDocumentTitle.ts';
import { closedClass, Milestone, StatusBadge } from './AuctionFacts.tsx';
import { auctionTitle, isListed } from './display.ts';
import { auctionQueries } from './queries.ts';

export function AuctionHomePage({ urlMagicLink }: { urlMagicLink: string }) {
  const intl = useIntl();
  const locale = useLocale();
  // The home page's cached list already holds this auction, so arriving from a card costs no request.
  const auction = useQuery({
    ...auctionQueries.list(locale),
    select: (list) =>
      list.find(
        (candidate) =>
          isListed(candidate.status) && candidate.urlMagicLink.toLowerCase() === urlMagicLink.toLowerCase(),
      ) ?? null,
  });
  const title = auction.data
    ? (auctionTitle(auction.data, locale) ?? intl.formatMessage({ id: 'no-translations' }))
    : intl.formatMessage({ id: 'auctionHome.notFound' });
  useDocumentTitle(auction.isPending ? intl.formatMessage({ id: 'state.loading' }) : title);

  return (
    <>
      <Link to={rootPath(locale)} className="back-link">
        <FormattedMessage id="auctionHome.backToAuctions" />
      </Link>
      {auction.isPending ? <Loading /> : null}
      {auction.isError ? <LoadError onRetry={() => auction.refetch()} /> : null}
      {auction.isSuccess && auction.data === null ? <h1 className="page__title">{title}</h1> : null}
      {auction.data ? (
        <section className={closedClass(auction.data, 'auction-summary')}>
          <StatusBadge status={auction.data.status} />
          <h1 className="page__title">{title}</h1>
          <p className="auction-summary__organization">
            <FormattedMessage id="auction.organizedBy" values={{ organization: auction.data.organizationName }} />
          </p>
          <Milestone auction={auction.data} className="auction-summary__milestone" />
        </section>
      ) : null}
    </>
  );
}
