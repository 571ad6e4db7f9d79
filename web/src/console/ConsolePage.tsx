import { AuctionStatus, type operator, type organizationMembers, Role } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field } from '../account/Field.tsx';
import { roleNumbers, useProfile } from '../account/session.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { type Locale, pathFor } from '../i18n/routes.ts';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { useDocumentTitle } from '../layout/useDocumentTitle.ts';
import { useSearchParam } from '../lib/useRoute.ts';
import { showToast } from '../live/toasts.tsx';
import { ConsoleConfirm } from './ConsoleConfirm.tsx';
import { ConsoleLots } from './ConsoleLots.tsx';
import {
  canOperate,
  canUseConsole,
  GRANTABLE_ROLES,
  type GrantableRole,
  mayGrant,
  USER_SEARCH_MIN_LENGTH,
} from './consoleAccess.ts';
import { consoleKeys, consoleMutations, consoleQueries } from './queries.ts';
import './console.css';

type MemberUser = organizationMembers.MemberUser;

const ROLE_KEYS: Record<GrantableRole, MessageId> = {
  [Role.Administrator]: 'console.role.administrator',
  [Role.AuctionManager]: 'console.role.auctionManager',
  [Role.Volunteer]: 'console.role.volunteer',
};

const STATUS_KEYS: Record<number, MessageId> = {
  [AuctionStatus.Planning]: 'auction.status.planning',
  [AuctionStatus.PreOpen]: 'auction.status.preOpen',
  [AuctionStatus.Active]: 'auction.status.active',
  [AuctionStatus.Completed]: 'auction.status.completed',
  [AuctionStatus.InvoiceGenerated]: 'auction.status.invoiceGenerated',
  [AuctionStatus.Archived]: 'auction.status.archived',
};

/** The auction's title in the page's language, else the other one. */
function titleOf(auction: operator.OperatorAuction, locale: Locale): string {
  const own = auction.translations.find((t) => t.languageCode === locale)?.titleShort;
  return own || auction.translations[0]?.titleShort || auction.urlMagicLink;
}

/** The sections of the console; those still to come are named but not links (docs/console.md). */
function ConsoleNav({ operator, hasOrganization }: { operator: boolean; hasOrganization: boolean }) {
  const later: MessageId[] = ['console.nav.bidders', 'console.nav.invoices', 'console.nav.exports'];
  // Volunteers have none of the operator sections: no links to sections that are not shown.
  // Without an organisation only its (empty) list is shown.
  const all: Array<[string, MessageId]> = [
    ['console-organizations', 'console.nav.organizations'],
    ['console-auctions', 'console.nav.auctions'],
    ['console-lots', 'console.nav.lots'],
    ['console-members', 'console.nav.members'],
  ];
  const sections = operator ? (hasOrganization ? all : all.slice(0, 1)) : [];
  return (
    <nav className="console__nav" aria-label={useIntl().formatMessage({ id: 'console.nav.label' })}>
      <ul>
        {sections.map(([anchor, id]) => (
          <li key={anchor}>
            <a href={`#${anchor}`}>
              <FormattedMessage id={id} />
            </a>
          </li>
        ))}
        {later.map((id) => (
          <li key={id} className="console__nav-later">
            <FormattedMessage id={id} />{' '}
            <span className="console__soon">
              <FormattedMessage id="console.nav.soon" />
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AuctionList({
  organizationId,
  chosen,
  onChoose,
}: {
  organizationId: number;
  chosen: operator.OperatorAuction | null;
  onChoose: (auction: operator.OperatorAuction) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const auctions = useQuery(consoleQueries.auctions(organizationId));
  if (auctions.isPending) return <Loading />;
  if (auctions.isError) return <LoadError onRetry={() => auctions.refetch()} />;
  if (auctions.data.length === 0)
    return (
      <p>
        <FormattedMessage id="console.auctions.empty" />
      </p>
    );
  return (
    <ul className="console__cards">
      {auctions.data.map((auction) => (
        <li key={auction.id} className="console__card">
          <Link to={pathFor('auctionHome', { urlMagicLink: auction.urlMagicLink }, locale)}>
            {titleOf(auction, locale)}
          </Link>
          <span className="console__card-end">
            <span className="console__badge">
              <FormattedMessage id={STATUS_KEYS[auction.status] ?? 'auction.status.planning'} />
            </span>
            <button
              type="button"
              className={chosen?.id === auction.id ? 'console__role console__role--on' : 'console__role'}
              aria-pressed={chosen?.id === auction.id}
              onClick={() => {
                onChoose(auction);
                // The lot table opens below the list; bring it into view on a phone.
                setTimeout(() => document.getElementById('console-lots')?.scrollIntoView({ block: 'start' }), 0);
              }}
            >
              {intl.formatMessage({ id: 'console.lots.open' }, { auction: titleOf(auction, locale) })}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

const nameOf = (user: MemberUser) => `${user.firstName} ${user.lastName}`.trim() || user.username;

/** A role's grant or revoke, behind a confirmation that states what it changes. */
function RoleChange({
  organizationId,
  change,
  onDone,
}: {
  organizationId: number;
  change: { user: MemberUser; role: GrantableRole; grant: boolean } | null;
  onDone: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const mutation = useMutation(consoleMutations.role(organizationId));
  if (!change) return null;
  const values = {
    name: nameOf(change.user),
    role: intl.formatMessage({ id: ROLE_KEYS[change.role] }),
  };
  return (
    <ConsoleConfirm
      title={<FormattedMessage id={change.grant ? 'console.members.grantTitle' : 'console.members.revokeTitle'} />}
      consequence={
        <FormattedMessage
          id={change.grant ? 'console.members.grantConsequence' : 'console.members.revokeConsequence'}
          values={values}
        />
      }
      action={<FormattedMessage id={change.grant ? 'console.members.grant' : 'console.members.revoke'} />}
      busy={mutation.isPending}
      onConfirm={async () => {
        await mutation.mutateAsync({ userId: change.user.id, role: change.role, grant: change.grant });
        await queryClient.invalidateQueries({ queryKey: consoleKeys.members(organizationId) });
        showToast('success', change.grant ? 'console.members.granted' : 'console.members.revoked');
      }}
      onDone={onDone}
    />
  );
}

function RoleButtons({
  user,
  actorRoles,
  onChange,
}: {
  user: MemberUser;
  actorRoles: readonly number[];
  onChange: (role: GrantableRole, grant: boolean) => void;
}) {
  const intl = useIntl();
  return (
    <div className="console__roles">
      {GRANTABLE_ROLES.filter((role) => mayGrant(actorRoles, role)).map((role) => {
        const has = user.roles.includes(role);
        const label = intl.formatMessage({ id: ROLE_KEYS[role] });
        return (
          <button
            key={role}
            type="button"
            className={has ? 'console__role console__role--on' : 'console__role'}
            aria-pressed={has}
            aria-label={intl.formatMessage(
              { id: has ? 'console.members.revokeLabel' : 'console.members.grantLabel' },
              { role: label, name: nameOf(user) },
            )}
            onClick={() => onChange(role, !has)}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

function UserSearch({ onPick }: { onPick: (user: MemberUser) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const search = useQuery(consoleQueries.userSearch(text.trim()));
  const long = text.trim().length >= USER_SEARCH_MIN_LENGTH;
  return (
    <div className="console__search">
      <Field
        label={<FormattedMessage id="console.members.search" />}
        type="search"
        value={text}
        placeholder={intl.formatMessage({ id: 'console.members.searchHint' })}
        onChange={(event) => setText(event.target.value)}
      />
      {long && search.data && (
        <ul className="console__results" aria-live="polite">
          {search.data.length === 0 && (
            <li>
              <FormattedMessage id="console.members.noResult" />
            </li>
          )}
          {search.data.map((user) => (
            <li key={user.id}>
              <button type="button" className="console__result" onClick={() => onPick(user)}>
                <strong>{nameOf(user)}</strong> <span>{user.username}</span>
                {user.phoneNumber && <span> · {user.phoneNumber}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Members({ organizationId, actorRoles }: { organizationId: number; actorRoles: readonly number[] }) {
  const members = useQuery(consoleQueries.members(organizationId));
  const [picked, setPicked] = useState<MemberUser | null>(null);
  const [change, setChange] = useState<{ user: MemberUser; role: GrantableRole; grant: boolean } | null>(null);
  if (members.isPending) return <Loading />;
  if (members.isError) return <LoadError onRetry={() => members.refetch()} />;
  const shown = picked && !members.data.some((m) => m.id === picked.id) ? [...members.data, picked] : members.data;
  return (
    <>
      <UserSearch onPick={setPicked} />
      <ul className="console__members">
        {shown.map((user) => (
          <li key={user.id} className="console__member">
            <div>
              <strong>{nameOf(user)}</strong>
              <div className="console__muted">
                {user.username}
                {user.phoneNumber ? ` · ${user.phoneNumber}` : ''}
              </div>
            </div>
            <RoleButtons
              user={members.data.find((m) => m.id === user.id) ?? user}
              actorRoles={actorRoles}
              onChange={(role, grant) => setChange({ user, role, grant })}
            />
          </li>
        ))}
      </ul>
      <RoleChange organizationId={organizationId} change={change} onDone={() => setChange(null)} />
    </>
  );
}

function OperatorConsole({ actorRoles }: { actorRoles: readonly number[] }) {
  const organizations = useQuery(consoleQueries.organizations());
  const locale = useLocale();
  const navigate = useNavigate();
  // The chosen organisation and auction live in the address, so a reload or a shared link keeps them.
  const chosen = Number(useSearchParam('organisation')) || null;
  const auctionId = Number(useSearchParam('encan')) || null;
  const choose = (organisation: number, encan?: number) =>
    navigate({ to: pathFor('console', {}, locale), search: { organisation, encan }, replace: true });
  const organizationId = chosen ?? organizations.data?.[0]?.id ?? null;
  const auctions = useQuery({ ...consoleQueries.auctions(organizationId ?? 0), enabled: organizationId !== null });
  const auction = auctions.data?.find((a) => a.id === auctionId) ?? null;
  const setChosen = (id: number) => choose(id);
  const setAuction = (chosenAuction: operator.OperatorAuction) =>
    choose(chosenAuction.organizationId, chosenAuction.id);
  if (organizations.isPending) return <Loading />;
  if (organizations.isError) return <LoadError onRetry={() => organizations.refetch()} />;
  const current = organizations.data.find((o) => o.id === organizationId);
  return (
    <>
      <section id="console-organizations" className="console__section">
        <h2>
          <FormattedMessage id="console.nav.organizations" />
        </h2>
        {organizations.data.length === 0 ? (
          <p>
            <FormattedMessage id="console.organizations.empty" />
          </p>
        ) : (
          <ul className="console__cards">
            {organizations.data.map((organization) => (
              <li key={organization.id}>
                <button
                  type="button"
                  className={organization.id === organizationId ? 'console__org console__org--on' : 'console__org'}
                  aria-pressed={organization.id === organizationId}
                  onClick={() => setChosen(organization.id)}
                >
                  {organization.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {current && (
        <>
          <section id="console-auctions" className="console__section">
            <h2>
              <FormattedMessage id="console.auctions.title" values={{ organization: current.name }} />
            </h2>
            <AuctionList
              organizationId={current.id}
              chosen={auction?.organizationId === current.id ? auction : null}
              onChoose={setAuction}
            />
          </section>
          <section id="console-lots" className="console__section">
            {auction?.organizationId === current.id ? (
              <>
                <p className="console__muted">
                  <FormattedMessage id="console.lots.title" values={{ auction: titleOf(auction, locale) }} />
                </p>
                <ConsoleLots auctionId={auction.id} />
              </>
            ) : (
              <>
                <h2>
                  <FormattedMessage id="console.nav.lots" />
                </h2>
                <p>
                  <FormattedMessage id="console.lots.choose" />
                </p>
              </>
            )}
          </section>
          <section id="console-members" className="console__section">
            <h2>
              <FormattedMessage id="console.members.title" values={{ organization: current.name }} />
            </h2>
            <Members organizationId={current.id} actorRoles={actorRoles} />
          </section>
        </>
      )}
    </>
  );
}

/**
 * The operator console (issue 19, docs/console.md): administrators, auction managers and
 * volunteers; anyone else is sent to sign in or told access is denied.
 */
export function ConsoleScreen() {
  const intl = useIntl();
  const locale = useLocale();
  const { profile, isSignedIn } = useProfile();
  const operator = canOperate(roleNumbers(profile ?? null));
  // The same query the organisations section reads (one request): the navigation links only what is shown.
  const organizations = useQuery({ ...consoleQueries.organizations(), enabled: operator });
  useDocumentTitle(intl.formatMessage({ id: 'console.title' }));
  if (!isSignedIn)
    return (
      <Navigate to={pathFor('login', {}, locale)} search={{ returnUrl: pathFor('console', {}, locale) }} replace />
    );
  if (!profile) return <Loading />;
  const roles = roleNumbers(profile);
  if (!canUseConsole(roles)) return <Navigate to={pathFor('accessDenied', {}, locale)} replace />;
  return (
    <div className="console">
      <h1 className="page__title console__title">
        <FormattedMessage id="console.title" />
      </h1>
      <ConsoleNav operator={operator} hasOrganization={(organizations.data?.length ?? 0) > 0} />
      <div className="console__main">
        {canOperate(roles) ? (
          <OperatorConsole actorRoles={roles} />
        ) : (
          <p className="console__notice">
            <FormattedMessage id="console.volunteer" />
          </p>
        )}
      </div>
    </div>
  );
}
