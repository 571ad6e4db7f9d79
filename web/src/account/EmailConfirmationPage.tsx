import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { MutationButton } from '../layout/MutationButton.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { Loading } from '../layout/QueryStatus.tsx';
import { errorKeys } from '../lib/errors.ts';
import { useRouteParam, useSearchParam } from '../lib/useRoute.ts';
import { MessageList } from './Field.tsx';
import { accountMutations, accountQueries } from './queries.ts';

/** Spec 000 §2: {username} and ?token=; a success message and a login link, or the server's messages. */
export function EmailConfirmationPage() {
  const locale = useLocale();
  const username = useRouteParam('username');
  const token = useSearchParam('token');
  const confirmation = useQuery({ ...accountQueries.emailConfirmation(username, token), enabled: Boolean(token) });
  const resend = useMutation(accountMutations.resendEmailConfirmation());
  return (
    <section className="form-page">
      <PageTitle id="emailConfirmation.title" />
      {token && confirmation.isPending ? <Loading /> : null}
      {confirmation.isSuccess ? (
        <p className="alert alert--success" role="status">
          <FormattedMessage id="email_confirmed" />
        </p>
      ) : null}
      {!token ? (
        <p className="alert alert--info">
          <FormattedMessage id="emailConfirmation.pending" values={{ email: username }} />
        </p>
      ) : null}
      {confirmation.isError ? <MessageList keys={errorKeys(confirmation.error)} /> : null}
      {!confirmation.isSuccess ? (
        <p>
          <MutationButton
            mutation={resend}
            variables={username}
            label="emailConfirmation.resend"
            className="button button--secondary"
          />
          {resend.isSuccess ? (
            <span role="status">
              {' '}
              <FormattedMessage id="email_confirmation_sent" />
            </span>
          ) : null}
        </p>
      ) : null}
      <Link to={pathFor('login', {}, locale)}>
        <FormattedMessage id="emailConfirmation.login" />
      </Link>
    </section>
  );
}
