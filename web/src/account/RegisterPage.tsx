import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { auctionTitle } from '../auctions/display.ts';
import { useAuction } from '../auctions/queries.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor, rootPath } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { Form } from '../layout/Form.tsx';
import { Loading } from '../layout/QueryStatus.tsx';
import { useDocumentTitle } from '../layout/useDocumentTitle.ts';
import { useSubmission } from '../layout/useSubmission.ts';
import { errorKeys } from '../lib/errors.ts';
import { useRouteParam, useSearchParam } from '../lib/useRoute.ts';
import { AddressFields, type AddressValue } from './AddressFields.tsx';
import { COMPLETE_PHONE_LENGTH, Field, formatPhoneInput, MessageList, PasswordField } from './Field.tsx';
import { safeReturnUrl } from './LoginPage.tsx';
import { accountMutations, accountQueries } from './queries.ts';
import { startSession } from './session.ts';
import type { Prefill } from './types.ts';

function RegisterForm({ prefill, uniqueCode }: { prefill: Prefill; uniqueCode?: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useMutation(accountMutations.register());
  const checkNickname = useMutation(accountMutations.checkNickname());
  const returnUrl = useSearchParam('returnUrl');
  const auctionLink = useSearchParam('auction') || prefill.urlMagicLink || '';
  const auction = useAuction(auctionLink || undefined);
  const [form, setForm] = useState({
    username: prefill.userName ?? '',
    firstName: prefill.firstName ?? '',
    lastName: prefill.lastName ?? '',
    nickName: '',
    cellphone: formatPhoneInput(prefill.phoneNumber ?? ''),
    password: '',
    confirmPassword: '',
    sendSMSNotifications: true,
    sendEmailNotifications: true,
  });
  const [address, setAddress] = useState<AddressValue>({
    address: '',
    apartment: '',
    city: '',
    province: '',
    postalCode: '',
    country: 'Canada',
  });
  const [nicknameTaken, setNicknameTaken] = useState(false);
  const { submit, errors, setErrors, pending } = useSubmission();
  const set = (field: keyof typeof form) => (value: string | boolean) => setForm({ ...form, [field]: value });
  const addressRequired = Boolean(auction.data?.requireAddressToBid);
  // Spec 000 §2: the SMS box works only with a complete formatted number, and is sent false otherwise.
  const smsAllowed = form.cellphone.length === COMPLETE_PHONE_LENGTH;
  const title = auction.data ? auctionTitle(auction.data, locale) : undefined;
  useDocumentTitle(intl.formatMessage({ id: 'register.title' }));

  return (
    <section className="form-page">
      <h1 className="page__title">
        {title ? (
          <FormattedMessage id="register.titleForAuction" values={{ auction: title }} />
        ) : (
          <FormattedMessage id="register.title" />
        )}
      </h1>
      <Form
        className="form"
        onSubmit={submit(async () => {
          const answer = await register.mutateAsync({
            ...form,
            sendSMSNotifications: smsAllowed && form.sendSMSNotifications,
            language: locale,
            auctionId: auction.data?.id ?? prefill.auctionId ?? null,
            requireAddressToBid: addressRequired,
            ...(addressRequired ? address : {}),
            ...(uniqueCode ? { uniqueCode } : {}),
          });
          startSession(queryClient, answer);
          const fallback = auction.data
            ? pathFor('lotList', { urlMagicLink: auction.data.urlMagicLink }, locale)
            : rootPath(locale);
          await navigate({ href: safeReturnUrl(returnUrl, fallback) });
        })}
      >
        <Field
          label={<FormattedMessage id="field.email" />}
          type="email"
          autoComplete="email"
          required
          value={form.username}
          onChange={(event) => set('username')(event.target.value)}
        />
        <Field
          label={<FormattedMessage id="field.firstName" />}
          autoComplete="given-name"
          required
          value={form.firstName}
          onChange={(event) => set('firstName')(event.target.value)}
        />
        <Field
          label={<FormattedMessage id="field.lastName" />}
          autoComplete="family-name"
          required
          value={form.lastName}
          onChange={(event) => set('lastName')(event.target.value)}
        />
        <Field
          label={<FormattedMessage id="field.nickName" />}
          autoComplete="nickname"
          required
          value={form.nickName}
          error={nicknameTaken ? 'unique_nickname' : undefined}
          onChange={(event) => {
            set('nickName')(event.target.value);
            setNicknameTaken(false);
          }}
          onBlur={async () => {
            if (!form.nickName.trim()) return;
            const free = await checkNickname.mutateAsync({ nickName: form.nickName.trim() }).catch(() => true);
            setNicknameTaken(!free);
          }}
        />
        <Field
          label={<FormattedMessage id="field.cellphone" />}
          type="tel"
          autoComplete="tel-national"
          required
          placeholder="(514) 555-0123"
          value={form.cellphone}
          onChange={(event) => set('cellphone')(formatPhoneInput(event.target.value))}
        />
        <PasswordField
          label={<FormattedMessage id="field.password" />}
          value={form.password}
          onChange={set('password')}
          autoComplete="new-password"
        />
        <PasswordField
          label={<FormattedMessage id="field.confirmPassword" />}
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          autoComplete="new-password"
        />
        {addressRequired ? (
          <fieldset className="form__group">
            <legend>
              <FormattedMessage id="register.address" />
            </legend>
            <p className="alert alert--info">
              <FormattedMessage id="register.addressRequired" />
            </p>
            <AddressFields value={address} onChange={setAddress} required />
          </fieldset>
        ) : null}
        <fieldset className="form__group">
          <legend>
            <FormattedMessage id="register.notifications" />
          </legend>
          <label className="checkbox">
            <input
              type="checkbox"
              disabled={!smsAllowed}
              checked={smsAllowed && form.sendSMSNotifications}
              onChange={(event) => set('sendSMSNotifications')(event.target.checked)}
            />
            <FormattedMessage id="register.sms" />
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.sendEmailNotifications}
              onChange={(event) => set('sendEmailNotifications')(event.target.checked)}
            />
            <FormattedMessage id="register.email" />
          </label>
        </fieldset>
        <button type="submit" className="button" disabled={pending || nicknameTaken}>
          <FormattedMessage id="register.submit" />
        </button>
      </Form>
      <Dialog
        open={errors.length > 0}
        onOpenChange={(open) => {
          if (!open) setErrors([]);
        }}
        title={<FormattedMessage id="register.errorTitle" />}
      >
        <MessageList keys={errors} />
      </Dialog>
    </section>
  );
}

export function RegisterPage() {
  return <RegisterForm prefill={{}} />;
}

/** Spec 000 §2 onboarding: registration from an on-board link, prefilled by the server. */
export function OnboardingPage() {
  const uniqueCode = useRouteParam('uniqueCode');
  const info = useQuery(accountQueries.onboardingInfo(uniqueCode));
  if (info.isPending) return <Loading />;
  if (info.isError) {
    return (
      <section className="form-page">
        <MessageList keys={errorKeys(info.error)} />
      </section>
    );
  }
  return (
    <div className="onboarding">
      <RegisterForm prefill={info.data} uniqueCode={uniqueCode} />
      <aside className="onboarding__marketing">
        <h2>
          <FormattedMessage id="onboarding.marketingTitle" />
        </h2>
        <p>
          <FormattedMessage id="onboarding.marketingText" />
        </p>
      </aside>
    </div>
  );
}
