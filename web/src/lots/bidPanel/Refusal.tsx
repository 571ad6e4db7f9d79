import { Link, useLocation } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { Auction } from '../../auctions/types.ts';
import { CardRequired } from '../../cards/CardRequired.tsx';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { serverMessageId } from '../../i18n/messages.ts';
import { pathFor } from '../../i18n/routes.ts';

/** Spec 001 §5 refusal, clickable when the user can fix it (log in, complete the address, add or choose a card). */
export function Refusal({
  reason,
  urlMagicLink,
  auction,
}: {
  reason: string;
  urlMagicLink: string;
  auction?: Pick<Auction, 'id' | 'stripeInformation_Id'>;
}) {
  const locale = useLocale();
  const location = useLocation();
  if (reason === 'user_must_be_logged_in') {
    return (
      <p className="alert alert--warning">
        <Link to={pathFor('login', {}, locale)} search={{ returnUrl: location.pathname, auction: urlMagicLink }}>
          <FormattedMessage id="user_must_be_logged_in" />
        </Link>
      </p>
    );
  }
  if (reason === 'requiresAddress') {
    return (
      <p className="alert alert--warning">
        <Link to={pathFor('profile', {}, locale)} search={{ auction: urlMagicLink }}>
          <FormattedMessage id="requiresAddress" />
        </Link>
      </p>
    );
  }
  if (auction && (reason === 'requiresCreateCreditCard' || reason === 'requiresSelectedCreditCard')) {
    return <CardRequired reason={reason} auction={auction} />;
  }
  return (
    <p className="alert alert--warning">
      <FormattedMessage id={serverMessageId(reason)} />
    </p>
  );
}
