import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../api/client.ts';
import { normalizeForSearch } from '../home/searchAuctions.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { PageTitle } from '../layout/PageTitle.tsx';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { showError } from '../lib/errors.ts';
import { useSearchParam } from '../lib/useRoute.ts';
import { showToast } from '../live/toasts.tsx';
import { PushNotifications } from '../pwa/PushNotifications.tsx';
import { RequireLogin } from './ProfilePage.tsx';
import { accountMutations, accountQueries } from './queries.ts';
import type { Channels, OrganizationNotification, Profile } from './types.ts';

function Toggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: React.ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/**
 * The shared body of the notifications and unsubscribe screens (spec 000 §2): general and outbid
 * channels, then one card per organisation (the current one first) with an accent-free name filter.
 */
function Preferences({
  channels,
  hasPhone,
  organizations,
  onChannel,
  onOrganization,
  onlyLower = false,
}: {
  channels: Channels;
  hasPhone: boolean;
  /** An email's unsubscribe link: a notice that is off stays off here (the API refuses it). */
  onlyLower?: boolean;
  organizations: OrganizationNotification[];
  onChannel?: (field: keyof Channels, value: boolean) => void;
  onOrganization: (
    organization: OrganizationNotification,
    field: 'smsNotifications' | 'emailNotifications',
    value: boolean,
  ) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [filter, setFilter] = useState('');
  const current = organizations.find((o) => o.isCurrent);
  const others = organizations
    .filter((o) => o !== current)
    .filter((o) => normalizeForSearch(o.organizationName).includes(normalizeForSearch(filter.trim())));
  const smsOn = channels.smsGeneralNotifications || channels.smsOutbidNotifications;
  const emailOn = channels.emailGeneralNotifications || channels.emailOutbidNotifications;
  const card = (organization: OrganizationNotification) => (
    <li key={organization.organization_Id} className="card">
      <h3>{organization.organizationName}</h3>
      <Toggle
        label={<FormattedMessage id="notifications.sms" />}
        checked={organization.smsNotifications}
        disabled={!smsOn || !hasPhone || (onlyLower && !organization.smsNotifications)}
        onChange={(value) => onOrganization(organization, 'smsNotifications', value)}
      />
      <Toggle
        label={<FormattedMessage id="notifications.email" />}
        checked={organization.emailNotifications}
        disabled={!emailOn || (onlyLower && !organization.emailNotifications)}
        onChange={(value) => onOrganization(organization, 'emailNotifications', value)}
      />
    </li>
  );
  return (
    <div className="card-stack">
      <fieldset className="card">
        <legend>
          <FormattedMessage id="notifications.general" />
        </legend>
        <p className="field__hint">
          <FormattedMessage id="notifications.generalHint" />
        </p>
        <Toggle
          label={<FormattedMessage id="notifications.sms" />}
          checked={channels.smsGeneralNotifications}
          disabled={!onChannel || !hasPhone}
          onChange={(value) => onChannel?.('smsGeneralNotifications', value)}
        />
        <Toggle
          label={<FormattedMessage id="notifications.email" />}
          checked={channels.emailGeneralNotifications}
          disabled={!onChannel}
          onChange={(value) => onChannel?.('emailGeneralNotifications', value)}
        />
      </fieldset>
      <fieldset className="card">
        <legend>
          <FormattedMessage id="notifications.outbid" />
        </legend>
        <Toggle
          label={<FormattedMessage id="notifications.sms" />}
          checked={channels.smsOutbidNotifications}
          disabled={!onChannel || !hasPhone}
          onChange={(value) => onChannel?.('smsOutbidNotifications', value)}
        />
        <Toggle
          label={<FormattedMessage id="notifications.email" />}
          checked={channels.emailOutbidNotifications}
          disabled={!onChannel}
          onChange={(value) => onChannel?.('emailOutbidNotifications', value)}
        />
      </fieldset>
      {current ? (
        <section>
          <h2>
            <FormattedMessage id="notifications.currentOrganization" />
          </h2>
          <ul className="card-list">{card(current)}</ul>
        </section>
      ) : null}
      <section>
        <h2>
          <FormattedMessage id="notifications.organizations" />
        </h2>
        <label htmlFor={`${id}-filter`}>
          <FormattedMessage id="notifications.filter" />
        </label>
        <input
          id={`${id}-filter`}
          type="search"
          className="search__input"
          value={filter}
          placeholder={intl.formatMessage({ id: 'notifications.filterPlaceholder' })}
          onChange={(e) => setFilter(e.target.value)}
        />
        <ul className="card-list">{others.map(card)}</ul>
      </section>
    </div>
  );
}

function SignedInPreferences({ profile }: { profile: Profile }) {
  const urlMagicLink = useSearchParam('auction');
  const organizations = useQuery(accountQueries.organizationNotifications(urlMagicLink));
  const channel = useMutation({
    ...accountMutations.updateProfile(),
    onSuccess: () => showToast('success', 'saved_successfully'),
    onError: showError,
  });
  const organization = useMutation({
    ...accountMutations.saveOrganizationNotification(),
    onSuccess: () => showToast('success', 'saved_successfully'),
    onError: showError,
  });
  if (organizations.isPending) return <Loading />;
  if (organizations.isError) return <LoadError onRetry={() => organizations.refetch()} />;
  return (
    <>
      <Preferences
        channels={profile.bidder}
        hasPhone={Boolean(profile.bidder.phoneNumber)}
        organizations={organizations.data}
        onChannel={(field, value) => channel.mutate([{ op: 'add', path: `/${field}`, value }])}
        onOrganization={(entry, field, value) => organization.mutate({ entry, field, value })}
      />
      <PushNotifications />
    </>
  );
}

export function NotificationsPage() {
  return (
    <section>
      <PageTitle id="notifications.title" />
      <RequireLogin>{(profile) => <SignedInPreferences profile={profile} />}</RequireLogin>
    </section>
  );
}

/** Spec 000 §2 unsubscribe: by the identity code of the link, no login. */
export function UnsubscribePage() {
  const locale = useLocale();
  const identity = useSearchParam('identity');
  const urlMagicLink = useSearchParam('urlMagicLink');
  const model = useQuery({ ...accountQueries.unsubscribe(identity, urlMagicLink), enabled: Boolean(identity) });
  const save = useMutation({
    ...accountMutations.saveUnsubscribeNotification(identity),
    onSuccess: () => showToast('success', 'saved_successfully'),
    onError: showError,
  });
  const unauthorized = !identity || (model.error instanceof ApiError && model.error.status === 401);
  return (
    <section>
      <PageTitle id="unsubscribe.title" />
      <p>
        <FormattedMessage id="unsubscribe.explanation" />
      </p>
      {unauthorized ? (
        <p className="alert alert--danger">
          <Link to={pathFor('notifications', {}, locale)}>
            <FormattedMessage id="unsubscribe_unauthorized" />
          </Link>
        </p>
      ) : model.isPending ? (
        <Loading />
      ) : model.isError ? (
        <LoadError onRetry={() => model.refetch()} />
      ) : (
        <>
          {model.data.onlyLower ? (
            <p className="field__hint">
              <FormattedMessage
                id="unsubscribe.onlyLower"
                values={{
                  link: (text) => <Link to={pathFor('notifications', {}, locale)}>{text}</Link>,
                }}
              />
            </p>
          ) : null}
          <Preferences
            channels={model.data.bidder}
            hasPhone
            onlyLower={model.data.onlyLower}
            organizations={model.data.organizationNotifications}
            onOrganization={(entry, field, value) => save.mutate({ entry, field, value })}
          />
        </>
      )}
    </section>
  );
}
