import { type organizationMembers, Role } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SearchField } from '../../account/Field.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { GRANTABLE_ROLES, type GrantableRole, mayGrant, USER_SEARCH_MIN_LENGTH } from '../consoleAccess.ts';
import { PressedButton } from '../PressedButton.tsx';
import { consoleKeys, consoleMutations, consoleQueries } from '../queries.ts';
import type { SectionProps } from '../sections/sectionProps.ts';

type MemberUser = organizationMembers.MemberUser;

const ROLE_KEYS: Record<GrantableRole, MessageId> = {
  [Role.Administrator]: 'console.role.administrator',
  [Role.AuctionManager]: 'console.role.auctionManager',
  [Role.Volunteer]: 'console.role.volunteer',
  [Role.Auditor]: 'console.role.auditor',
};

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
          <PressedButton
            key={role}
            pressed={has}
            aria-label={intl.formatMessage(
              { id: has ? 'console.members.revokeLabel' : 'console.members.grantLabel' },
              { role: label, name: nameOf(user) },
            )}
            onClick={() => onChange(role, !has)}
          >
            {label}
          </PressedButton>
        );
      })}
    </div>
  );
}

/**
 * To an administrator, the member's other organisations and their roles there: a role granted for
 * one organisation and held in this one too shows here, to be revoked where it was not meant.
 */
function OtherOrganizations({ user }: { user: MemberUser }) {
  const intl = useIntl();
  const others = user.otherOrganizations ?? [];
  if (others.length === 0) return null;
  const roleNames = (roles: readonly number[]) =>
    intl.formatList(
      GRANTABLE_ROLES.filter((role) => roles.includes(role)).map((role) => intl.formatMessage({ id: ROLE_KEYS[role] })),
    );
  const organizations = intl.formatList(
    others.map((other) => (other.roles.length > 0 ? `${other.name} (${roleNames(other.roles)})` : other.name)),
  );
  return (
    <div className="console__muted">
      <FormattedMessage id="console.members.alsoIn" values={{ organizations }} />
    </div>
  );
}

function UserSearch({ onPick }: { onPick: (user: MemberUser) => void }) {
  const [text, setText] = useState('');
  const search = useQuery(consoleQueries.userSearch(text.trim()));
  const long = text.trim().length >= USER_SEARCH_MIN_LENGTH;
  return (
    <div className="console__search">
      <SearchField
        label="console.members.search"
        placeholder="console.members.searchHint"
        value={text}
        onText={setText}
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
              <OtherOrganizations user={members.data.find((m) => m.id === user.id) ?? user} />
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

/** The organisation's members and their roles, with a search to grant a role to someone new. */
export default function MembersSection({ organization, actorRoles }: SectionProps) {
  return (
    <>
      <h2>
        <FormattedMessage id="console.members.title" values={{ organization: organization.name }} />
      </h2>
      <Members organizationId={organization.id} actorRoles={actorRoles} />
    </>
  );
}
