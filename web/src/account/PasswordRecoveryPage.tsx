import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Form } from '../layout/Form.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { RadioChoices } from '../layout/RadioChoices.tsx';
import { useSubmission } from '../layout/useSubmission.ts';
import { useSearchParam } from '../lib/useRoute.ts';
import { Field, formatPhoneInput, MessageList } from './Field.tsx';
import { accountMutations } from './queries.ts';

/** Spec 000 §9: recovery codes have 6 characters. */
export const RECOVERY_CODE_LENGTH = 6;

/** Spec 000 §2 password recovery: by email (a link) or by phone (a code, after confirming the email). */
export function PasswordRecoveryPage() {
  const locale = useLocale();
  const navigate = useNavigate();
  const auction = useSearchParam('auction');
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [maskedEmail, setMaskedEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { submit, errors, setErrors, pending } = useSubmission();
  const byEmail = useMutation(accountMutations.passwordRecoveryEmail());
  const maskedEmailLookup = useMutation(accountMutations.maskedEmailForRecovery());
  const byPhone = useMutation(accountMutations.passwordRecoveryPhone());

  return (
    <section className="form-page">
      <PageTitle id="recovery.title" />
      <RadioChoices
        legend="recovery.method"
        name="recovery-method"
        options={['email', 'phone'] as const}
        labelOf={(option) => (option === 'email' ? 'recovery.byEmail' : 'recovery.byPhone')}
        value={method}
        onChange={(option) => {
          setMethod(option);
          setErrors([]);
          setSent(false);
        }}
        labelClassName="checkbox"
      />
      {method === 'email' ? (
        <Form
          className="form"
          onSubmit={submit(async () => {
            await byEmail.mutateAsync({ value: email.trim(), urlMagicLink: auction || null });
            setSent(true);
          })}
        >
          <Field
            label={<FormattedMessage id="field.email" />}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <MessageList keys={errors} />
          {sent ? (
            <p className="alert alert--success" role="status">
              <FormattedMessage id="password_recovery_email_sent" />
            </p>
          ) : null}
          <button type="submit" className="button" disabled={pending}>
            <FormattedMessage id="recovery.send" />
          </button>
        </Form>
      ) : (
        <Form
          className="form"
          onSubmit={submit(async () => {
            if (!maskedEmail) {
              const answer = await maskedEmailLookup.mutateAsync(phone);
              setMaskedEmail(answer.email);
              return;
            }
            const answer = await byPhone.mutateAsync({
              value: phone,
              maskedEmail: email.trim(),
              urlMagicLink: auction || null,
            });
            await navigate({
              to: pathFor('passwordCodeRecovery', {}, locale),
              search: { username: answer.username ?? email.trim(), auction },
            });
          })}
        >
          <Field
            label={<FormattedMessage id="field.cellphone" />}
            type="tel"
            autoComplete="tel-national"
            required
            value={phone}
            onChange={(event) => {
              setPhone(formatPhoneInput(event.target.value));
              setMaskedEmail('');
            }}
          />
          {maskedEmail ? (
            <Field
              label={<FormattedMessage id="recovery.confirmEmail" />}
              hint={<FormattedMessage id="recovery.maskedHint" values={{ email: maskedEmail }} />}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          ) : null}
          <MessageList keys={errors} />
          <button type="submit" className="button" disabled={pending}>
            <FormattedMessage id={maskedEmail ? 'recovery.sendCode' : 'recovery.next'} />
          </button>
        </Form>
      )}
      <p>
        <Link to={pathFor('login', {}, locale)} search={auction ? { auction } : {}}>
          <FormattedMessage id="recovery.backToLogin" />
        </Link>
      </p>
    </section>
  );
}

/** The six-character code texted to the phone; a verified code leads to the reset page. */
export function PasswordCodePage() {
  const locale = useLocale();
  const navigate = useNavigate();
  const username = useSearchParam('username');
  const auction = useSearchParam('auction');
  const [code, setCode] = useState('');
  const { submit, errors } = useSubmission();
  const verify = useMutation(accountMutations.verifyRecoveryCode());
  return (
    <section className="form-page">
      <PageTitle id="recoveryCode.title" />
      <Form
        className="form"
        onSubmit={submit(async () => {
          const answer = await verify.mutateAsync({ code: code.trim(), username });
          await navigate({
            to: pathFor('resetPassword', { username: answer.username ?? username }, locale),
            search: { token: answer.token, auction },
          });
        })}
      >
        <Field
          label={<FormattedMessage id="recoveryCode.code" />}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={RECOVERY_CODE_LENGTH}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <MessageList keys={errors} />
        <div className="form__actions">
          <button type="submit" className="button">
            <FormattedMessage id="action.confirm" />
          </button>
          <Link to={pathFor('login', {}, locale)} className="button button--secondary">
            <FormattedMessage id="action.back" />
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function RecoveryConfirmationPage() {
  const locale = useLocale();
  return (
    <section className="form-page">
      <PageTitle id="recovery.title" />
      <p className="alert alert--success">
        <FormattedMessage id="password_recovery_email_sent" />
      </p>
      <Link to={pathFor('login', {}, locale)}>
        <FormattedMessage id="recovery.backToLogin" />
      </Link>
    </section>
  );
}
