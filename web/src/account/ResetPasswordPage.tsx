import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Form } from '../layout/Form.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { Loading } from '../layout/QueryStatus.tsx';
import { useDocumentTitle } from '../layout/useDocumentTitle.ts';
import { useSubmission } from '../layout/useSubmission.ts';
import { useRouteParam, useSearchParam } from '../lib/useRoute.ts';
import { MessageList, PasswordField } from './Field.tsx';
import { safeReturnUrl } from './LoginPage.tsx';
import { accountMutations } from './queries.ts';
import { useProfile } from './session.ts';

/** Spec 000 §2 reset: route username, query token, two passwords; then the confirmation page. */
export function ResetPasswordPage() {
  const locale = useLocale();
  const navigate = useNavigate();
  const username = useRouteParam('username');
  const token = useSearchParam('token');
  const auction = useSearchParam('auction');
  const reset = useMutation(accountMutations.passwordReset());
  return (
    <section className="form-page">
      <PageTitle id="reset.title" />
      <NewPasswordForm
        onSubmit={async (password, confirmPassword) => {
          await reset.mutateAsync({ token, email: username, password, confirmPassword });
          await navigate({ to: pathFor('resetPasswordConfirmation', {}, locale), search: { auction } });
        }}
      />
    </section>
  );
}

/**
 * The new password typed twice, with the API's refusals under it: the reset and the temporary
 * password pages. `onSubmit` throws what the API refused.
 */
function NewPasswordForm({
  onSubmit,
  checkMatch = false,
}: {
  onSubmit: (password: string, confirmPassword: string) => Promise<void>;
  /** Refuse different passwords here, sending nothing (spec 000 §2, temporary password). */
  checkMatch?: boolean;
}) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { submit, errors, setErrors } = useSubmission();
  return (
    <Form
      className="form"
      onSubmit={submit(async () => {
        if (checkMatch && password !== confirmPassword) {
          setErrors(['password_no_match']);
          return;
        }
        await onSubmit(password, confirmPassword);
      })}
    >
      <PasswordField
        label={<FormattedMessage id="field.newPassword" />}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label={<FormattedMessage id="field.confirmPassword" />}
        value={confirmPassword}
        onChange={setConfirmPassword}
        autoComplete="new-password"
      />
      <MessageList keys={errors} />
      <button type="submit" className="button">
        <FormattedMessage id="reset.submit" />
      </button>
    </Form>
  );
}

export function ResetConfirmationPage() {
  const locale = useLocale();
  const auction = useSearchParam('auction');
  return (
    <section className="form-page">
      <PageTitle id="reset.title" />
      <p className="alert alert--success" role="status">
        <FormattedMessage id="password_reset_successful" />
      </p>
      <Link
        to={pathFor('login', {}, locale)}
        search={auction ? { auction, returnUrl: pathFor('lotList', { urlMagicLink: auction }, locale) } : {}}
        className="button"
      >
        <FormattedMessage id="reset.goToLogin" />
      </Link>
    </section>
  );
}

/** Default auction when the profile has no active one (spec 000 §2). */
const DEFAULT_AUCTION = 'signaturepro';

export function TemporaryPasswordPage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const resetTemporary = useMutation(accountMutations.resetTemporaryPassword());
  const { profile, isSignedIn, isPending } = useProfile();
  const returnUrl = useSearchParam('returnUrl');
  useDocumentTitle(intl.formatMessage({ id: 'temporaryPassword.title' }));
  if (isSignedIn && isPending) return <Loading />;
  return (
    <section className="form-page">
      <h1 className="page__title">
        <FormattedMessage id="temporaryPassword.title" />
      </h1>
      <NewPasswordForm
        checkMatch
        onSubmit={async (newPassword, confirmNewPassword) => {
          await resetTemporary.mutateAsync({ newPassword, confirmNewPassword });
          const firstAuction = profile?.activeUrlMagicLinks[0] ?? DEFAULT_AUCTION;
          await navigate({
            href: safeReturnUrl(returnUrl, pathFor('lotList', { urlMagicLink: firstAuction }, locale)),
          });
        }}
      />
    </section>
  );
}
