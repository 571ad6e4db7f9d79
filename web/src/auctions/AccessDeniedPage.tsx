import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { rootPath } from '../i18n/routes.ts';
import { PageTitle } from '../layout/PageTitle.tsx';
import { useRouteParam } from '../lib/useRoute.ts';
import { AuctionShell } from './AuctionShell.tsx';

function Denied() {
  const locale = useLocale();
  return (
    <section className="notice-page">
      <PageTitle id="access_denied" />
      <p>
        <FormattedMessage id="accessDenied.text" />
      </p>
      <Link to={rootPath(locale)}>
        <FormattedMessage id="auctionHome.backToAuctions" />
      </Link>
    </section>
  );
}

export function AccessDeniedScreen() {
  return <Denied />;
}

/** A locked bidder's screen: no banners, no menu (spec 001 §6). */
export function AuctionAccessDeniedScreen() {
  const urlMagicLink = useRouteParam('urlMagicLink');
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen="auctionAccessDenied" showBanner={false}>
      {() => <Denied />}
    </AuctionShell>
  );
}
