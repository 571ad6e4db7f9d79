import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { AuctionCardSection } from '../cards/AuctionCardSection.tsx';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { pathFor } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { Form } from '../layout/Form.tsx';
import { Labelled } from '../layout/Labelled.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { Loading } from '../layout/QueryStatus.tsx';
import { useSubmission } from '../layout/useSubmission.ts';
import { errorKeys } from '../lib/errors.ts';
import { useSearchParam } from '../lib/useRoute.ts';
import { showToast } from '../live/toasts.tsx';
import { AddressFields, type AddressValue } from './AddressFields.tsx';
import { Field, formatPhoneInput, MessageList, PasswordField } from './Field.tsx';
import { accountMutations } from './queries.ts';
import { type Bidder, logOut, type Profile, useProfile } from './session.ts';

type Editable = Pick<
  Bidder,
  'firstName' | 'lastName' | 'nickName' | 'business' | 'phoneNumber' | 'preferredLanguage' | 'preferredCurrencyCode'
>;

/** Spec 000 §2: saves send only the changed fields, as PATCH add operations. */
export function changedOperations<T extends object>(before: T, after: T) {
  return (Object.keys(after) as Array<keyof T>)
    .filter((key) => (after[key] ?? '') !== (before[key] ?? ''))
    .map((key) => ({ op: 'add', path: `/${String(key)}`, value: after[key] === '' ? null : after[key] }));
}

/** Shown until the profile loads; visitors are sent to login (spec 000 §2: profile routes need login). */
export function RequireLogin({ children }: { children: (profile: Profile) => React.ReactNode }) {
  const locale = useLocale();
  const { profile, isSignedIn } = useProfile();
  if (!isSignedIn) {
    return (
      <p className="alert alert--info">
        <Link to={pathFor('login', {}, locale)} search={{ returnUrl: globalThis.location?.pathname ?? '' }}>
          <FormattedMessage id="user_must_be_logged_in" />
        </Link>
      </p>
    );
  }
  if (!profile) return <Loading />;
  return <>{children(profile)}</>;
}

/**
 * A card of the account's own fields under its heading, saved on its own: only the fields changed
 * since `initial` are sent, and what the server refused shows above the save button.
 */
function ProfileFieldsCard<T extends object>({
  title,
  initial,
  value,
  blocked = false,
  children,
  footer,
}: {
  title: MessageId;
  initial: T;
  value: T;
  /** The fields as typed cannot be saved (the form says why). */
  blocked?: boolean;
  children: ReactNode;
  /** Under the save button, still inside the form. */
  footer?: ReactNode;
}) {
  const save = useMutation({
    ...accountMutations.updateProfile(),
    onSuccess: () => showToast('success', 'saved_successfully'),
  });
  return (
    <Form
      className="card form"
      onSubmit={(event) => {
        event.preventDefault();
        const operations = changedOperations(initial, value);
        if (operations.length) save.mutate(operations);
      }}
    >
      <h2>
        <FormattedMessage id={title} />
      </h2>
      {children}
      {save.isError ? <MessageList keys={errorKeys(save.error)} /> : null}
      <button type="submit" className="button" disabled={save.isPending || blocked}>
        <FormattedMessage id="action.save" />
      </button>
      {footer}
    </Form>
  );
}

function GeneralCard({ profile }: { profile: Profile }) {
  const initial: Editable = {
    firstName: profile.bidder.firstName,
    lastName: profile.bidder.lastName,
    nickName: profile.bidder.nickName,
    business: profile.bidder.business ?? '',
    phoneNumber: profile.bidder.phoneNumber ?? '',
    preferredLanguage: profile.bidder.preferredLanguage,
    preferredCurrencyCode: profile.bidder.preferredCurrencyCode,
  };
  const [form, setForm] = useState(initial);
  const [nicknameTaken, setNicknameTaken] = useState(false);
  const checkNickname = useMutation(accountMutations.checkNickname());
  const set = (field: keyof Editable) => (value: string) => setForm({ ...form, [field]: value });
  const phoneInvalid = Boolean(form.phoneNumber) && (form.phoneNumber ?? '').length !== 14;
  return (
    <ProfileFieldsCard
      title="profile.general"
      initial={initial}
      value={form}
      blocked={nicknameTaken || phoneInvalid}
      footer={<PhoneValidation profile={profile} />}
    >
      <Field
        label={<FormattedMessage id="field.firstName" />}
        value={form.firstName}
        required
        onChange={(e) => set('firstName')(e.target.value)}
      />
      <Field
        label={<FormattedMessage id="field.lastName" />}
        value={form.lastName}
        required
        onChange={(e) => set('lastName')(e.target.value)}
      />
      <Field
        label={<FormattedMessage id="field.nickName" />}
        value={form.nickName}
        required
        error={nicknameTaken ? 'unique_nickname' : undefined}
        onChange={(e) => {
          set('nickName')(e.target.value);
          setNicknameTaken(false);
        }}
        onBlur={async () => {
          const free = await checkNickname
            .mutateAsync({ nickName: form.nickName.trim(), userId: profile.id })
            .catch(() => true);
          setNicknameTaken(!free);
        }}
      />
      <Field
        label={<FormattedMessage id="field.business" />}
        value={form.business ?? ''}
        onChange={(e) => set('business')(e.target.value)}
      />
      <Field
        label={<FormattedMessage id="field.cellphone" />}
        type="tel"
        value={form.phoneNumber ?? ''}
        error={phoneInvalid ? 'invalid_phone_number' : undefined}
        onChange={(e) => set('phoneNumber')(formatPhoneInput(e.target.value))}
      />
      <Labelled
        label="field.language"
        control={(wiring) => (
          <select {...wiring} value={form.preferredLanguage} onChange={(e) => set('preferredLanguage')(e.target.value)}>
            <option value="fr">Français</option>
            <option value="en">English</option>
          </select>
        )}
      />
      <Labelled
        label="field.currency"
        control={(wiring) => (
          <select
            {...wiring}
            value={form.preferredCurrencyCode}
            onChange={(e) => set('preferredCurrencyCode')(e.target.value)}
          >
            <option value="CAD">CAD</option>
            <option value="USD">USD</option>
          </select>
        )}
      />
    </ProfileFieldsCard>
  );
}

function PhoneValidation({ profile }: { profile: Profile }) {
  const createCode = useMutation(accountMutations.createValidationCode());
  const validate = useMutation(accountMutations.validatePhoneNumber());
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  if (!profile.bidder.phoneNumber) return null;
  if (profile.bidder.phoneNumberConfirmed) {
    return (
      <p className="alert alert--success">
        <FormattedMessage id="profile.phoneValidated" />
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={async () => {
          setErrors([]);
          try {
            await createCode.mutateAsync();
            showToast('success', 'sent_validation_code');
            setOpen(true);
          } catch (error) {
            setErrors(errorKeys(error));
          }
        }}
      >
        <FormattedMessage id="profile.validatePhone" />
      </button>
      <MessageList keys={errors} />
      <Dialog open={open} onOpenChange={setOpen} title={<FormattedMessage id="profile.validatePhone" />}>
        <Form
          className="form"
          onSubmit={async (event) => {
            event.preventDefault();
            const ok = await validate.mutateAsync(code.trim()).catch(() => false);
            if (!ok) {
              setErrors(['validationFailed']);
              return;
            }
            showToast('success', 'validatedSuccessfully');
            setOpen(false);
          }}
        >
          <Field
            label={<FormattedMessage id="recoveryCode.code" />}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <MessageList keys={errors} />
          <button type="submit" className="button">
            <FormattedMessage id="action.confirm" />
          </button>
        </Form>
      </Dialog>
    </>
  );
}

function AddressCard({ profile }: { profile: Profile }) {
  const initial: AddressValue = {
    address: profile.bidder.address ?? '',
    apartment: profile.bidder.apartment ?? '',
    city: profile.bidder.city ?? '',
    province: profile.bidder.province ?? '',
    postalCode: profile.bidder.postalCode ?? '',
    country: profile.bidder.country ?? '',
  };
  const [form, setForm] = useState(initial);
  return (
    <ProfileFieldsCard title="profile.address" initial={initial} value={form}>
      <AddressFields value={form} onChange={setForm} required={false} />
    </ProfileFieldsCard>
  );
}

function PasswordCard() {
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmNewPassword: '' });
  const { submit, errors } = useSubmission();
  const updatePassword = useMutation(accountMutations.updatePassword());
  return (
    <Form
      className="card form"
      onSubmit={submit(async () => {
        // Other sessions end; this one continues with the new tokens (accountMutations.updatePassword).
        await updatePassword.mutateAsync(form);
        showToast('success', 'password_change_successful');
        setForm({ currentPassword: '', newPassword: '', confirmNewPassword: '' });
      })}
    >
      <h2>
        <FormattedMessage id="profile.password" />
      </h2>
      <PasswordField
        label={<FormattedMessage id="field.currentPassword" />}
        value={form.currentPassword}
        onChange={(value) => setForm({ ...form, currentPassword: value })}
        autoComplete="current-password"
      />
      <PasswordField
        label={<FormattedMessage id="field.newPassword" />}
        value={form.newPassword}
        onChange={(value) => setForm({ ...form, newPassword: value })}
        autoComplete="new-password"
      />
      <PasswordField
        label={<FormattedMessage id="field.confirmPassword" />}
        value={form.confirmNewPassword}
        onChange={(value) => setForm({ ...form, confirmNewPassword: value })}
        autoComplete="new-password"
      />
      <MessageList keys={errors} />
      <button type="submit" className="button">
        <FormattedMessage id="action.save" />
      </button>
    </Form>
  );
}

function ChangeEmail() {
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ newUserName: '', confirmNewUserName: '' });
  const { submit, errors } = useSubmission();
  const updateUsername = useMutation(accountMutations.updateUsername());
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <FormattedMessage id="profile.changeEmail" />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={<FormattedMessage id="profile.changeEmail" />}>
        <Form
          className="form"
          onSubmit={submit(async () => {
            await updateUsername.mutateAsync(form);
            showToast('success', 'username_change_successful');
            // Spec 000 §2: a changed email logs the user out.
            logOut(queryClient);
            await navigate({ to: pathFor('login', {}, locale) });
          })}
        >
          <Field
            label={<FormattedMessage id="field.newEmail" />}
            type="email"
            required
            value={form.newUserName}
            onChange={(e) => setForm({ ...form, newUserName: e.target.value })}
          />
          <Field
            label={<FormattedMessage id="field.confirmEmail" />}
            type="email"
            required
            value={form.confirmNewUserName}
            onChange={(e) => setForm({ ...form, confirmNewUserName: e.target.value })}
          />
          <MessageList keys={errors} />
          <button type="submit" className="button">
            <FormattedMessage id="action.save" />
          </button>
        </Form>
      </Dialog>
    </>
  );
}

export function ProfilePage() {
  const locale = useLocale();
  const auction = useSearchParam('auction');
  return (
    <section className="profile-page">
      {auction ? (
        <Link to={pathFor('lotList', { urlMagicLink: auction }, locale)} className="back-link">
          <FormattedMessage id="profile.backToAuction" />
        </Link>
      ) : null}
      <PageTitle id="profile.title" />
      <RequireLogin>
        {(profile) => (
          <div className="card-stack">
            <p>
              <FormattedMessage id="profile.email" values={{ email: profile.bidder.email }} /> <ChangeEmail />
            </p>
            <p>
              <Link to={pathFor('invoiceList', {}, locale)}>
                <FormattedMessage id="invoice.listTitle" />
              </Link>
            </p>
            <AuctionCardSection profile={profile} auction={auction} />
            <GeneralCard key={`general-${profile.bidder.nickName}`} profile={profile} />
            <AddressCard profile={profile} />
            <PasswordCard />
          </div>
        )}
      </RequireLogin>
    </section>
  );
}
