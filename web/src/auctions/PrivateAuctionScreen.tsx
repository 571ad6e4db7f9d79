import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useProfile } from '../account/session.ts';
import { ApiError } from '../api/client.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Loading } from '../layout/QueryStatus.tsx';
import { useSearchParam } from '../lib/useRoute.ts';
import { auctionQueries } from './queries.ts';

/**
 * Spec 001 §2's private-auction screen ('private auction' / 'access denied'), shown when the API
 * answers 403 `private_auction`. A link carrying the auction's access code (`?code=`) admits a
 * signed-in user (docs/security.md); an anonymous visitor is offered the login, which comes back here.
 */
export function PrivateAuctionScreen({ urlMagicLink }: { urlMagicLink: string }) {
  const locale = useLocale();
  const code = useSearchParam('code');
  const { isSignedIn } = useProfile();
  const here = useLocation({ select: (location) => location.href });
  const admission = useQuery({ ...auctionQueries.admission(urlMagicLink, code), enabled: Boolean(code && isSignedIn) });
  if (admission.isFetching) return <Loading />;
  const refused = admission.error instanceof ApiError ? admission.error.message : null;

  return (
    <section className="notice-page">
      <h1 className="page__title">
        <FormattedMessage id="privateAuction.title" />
      </h1>
      <p className="notice-page__subtitle">
        <FormattedMessage id="access_denied" />
      </p>
      {refused === 'invalid_access_code' ? (
        <p role="alert">
          <FormattedMessage id="invalid_access_code" />
        </p>
      ) : null}
      {isSignedIn ? null : (
        <Link to={pathFor('login', {}, locale)} search={{ returnUrl: here, auction: urlMagicLink }}>
          <FormattedMessage id="privateAuction.login" />
        </Link>
      )}
    </section>
  );
}
