import { Link, Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useProfile } from '../account/session.ts';
import { ApiError } from '../api/client.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor, type RouteName, rootPath } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { useDocumentTitle } from '../layout/useDocumentTitle.ts';
import { useAuctionLive } from '../live/useAuctionLive.ts';
import { AuctionBanner } from './AuctionBanner.tsx';
import { AuctionFooter } from './AuctionFooter.tsx';
import { useBidderStatus } from './bidderStatus.ts';
import { auctionTitle } from './display.ts';
import { OrganizerMessage } from './OrganizerMessage.tsx';
import { PrivateAuctionScreen } from './PrivateAuctionScreen.tsx';
import { useAuction } from './queries.ts';
import { type Auction, AuctionStatus } from './types.ts';

/** Screens that stay reachable while the auction is in Planning (spec 001 §2). */
const planningExempt = new Set<RouteName>(['planning', 'auctionTab', 'auctionAccessDenied']);

export interface AuctionScreenProps {
  auction: Auction;
  locked: boolean;
}

/**
 * Every auction screen goes through here: the auction by its link, the redirects of spec 001 §2 and
 * §4 (planning, locked bidder, private auction, closed auction to winners), the live connection,
 * and the page header and footer of the auction.
 */
export function AuctionShell({
  urlMagicLink,
  screen,
  viewingLotId = null,
  showBanner = true,
  children,
}: {
  urlMagicLink: string;
  screen: RouteName;
  viewingLotId?: number | null;
  showBanner?: boolean;
  children: (props: AuctionScreenProps) => ReactNode;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const auction = useAuction(urlMagicLink);
  const { profile, isSignedIn } = useProfile();
  const bidder = useBidderStatus(urlMagicLink);
  useAuctionLive(auction.data?.id, viewingLotId);
  const notFound = auction.error instanceof ApiError && auction.error.status === 404;
  const title = auction.data
    ? (auctionTitle(auction.data, locale) ?? intl.formatMessage({ id: 'no-translations' }))
    : notFound
      ? intl.formatMessage({ id: 'auctionHome.notFound' })
      : '';
  useDocumentTitle(title || intl.formatMessage({ id: 'state.loading' }));

  if (auction.isPending || bidder.isPending || (isSignedIn && !profile)) return <Loading />;
  if (auction.isError) {
    // The API is the authority on a private auction: it answers 403 private_auction to anyone not admitted.
    if (auction.error instanceof ApiError && auction.error.message === 'private_auction') {
      return <PrivateAuctionScreen urlMagicLink={urlMagicLink} />;
    }
    if (notFound) {
      // Not a dead end: the home page lists the auctions there are.
      return (
        <>
          <Link to={rootPath(locale)} className="back-link">
            <FormattedMessage id="auctionHome.backToAuctions" />
          </Link>
          <h1 className="page__title">
            <FormattedMessage id="auctionHome.notFound" />
          </h1>
        </>
      );
    }
    return <LoadError onRetry={() => auction.refetch()} />;
  }
  const data = auction.data;
  const to = (name: RouteName) => pathFor(name, { urlMagicLink: data.urlMagicLink } as never, locale);

  if (bidder.locked && screen !== 'auctionAccessDenied') return <Navigate to={to('auctionAccessDenied')} replace />;
  if (data.status === AuctionStatus.Planning && !planningExempt.has(screen))
    return <Navigate to={to('planning')} replace />;
  if (screen === 'planning' && (data.status === AuctionStatus.Active || data.status === AuctionStatus.PreOpen)) {
    return <Navigate to={to('lotList')} replace />;
  }
  if (
    screen === 'auctionHome' &&
    (data.status === AuctionStatus.Completed || data.status === AuctionStatus.InvoiceGenerated)
  ) {
    return <Navigate to={to('winners')} replace />;
  }
  return (
    <div className="auction-page" style={themeOf(data)}>
      {showBanner && !bidder.locked ? <AuctionBanner auction={data} /> : null}
      {bidder.locked ? null : <OrganizerMessage urlMagicLink={data.urlMagicLink} />}
      {children({ auction: data, locked: bidder.locked })}
      {bidder.locked ? null : <AuctionFooter auction={data} />}
    </div>
  );
}

/** The auction's own colours, as custom properties the styles read (with the app's as fallback). */
function themeOf(auction: Auction): Record<string, string> {
  const theme: Record<string, string> = {};
  if (auction.primaryColor) theme['--auction-primary'] = auction.primaryColor;
  if (auction.primaryTextColor) theme['--auction-primary-text'] = auction.primaryTextColor;
  return theme;
}
