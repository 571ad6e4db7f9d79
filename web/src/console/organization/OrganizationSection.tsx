import { type operator, Role } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field, MessageList } from '../../account/Field.tsx';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { serverMessageId } from '../../i18n/messages.ts';
import { pathFor } from '../../i18n/routes.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { ConsolePart } from '../ConsolePart.tsx';
import { consoleKeys } from '../queries.ts';
import type { SectionProps } from '../sections/sectionProps.ts';
import { errorsByField, type FieldErrors } from '../setup/auctionForm.ts';
import { type Names, namesBody, TranslatedNames } from '../setup/TranslatedNames.tsx';
import { organizationKeys, organizationMutations, organizationQueries } from './queries.ts';
import { ReceiptIdentityForm } from './ReceiptIdentityForm.tsx';
import { TaxesEditor } from './TaxesEditor.tsx';

/** A one-field form: a name, a button, the API's refusal under it. */
function NameForm({
  label,
  initial,
  action,
  onSubmit,
}: {
  label: ReactNode;
  initial: string;
  action: ReactNode;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setBusy(true);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      setErrors(errorKeys(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="setup__inline-form" noValidate onSubmit={submit}>
      <Field label={label} value={name} onChange={(event) => setName(event.target.value)} />
      <MessageList keys={errors} />
      <button type="submit" className="button" disabled={busy || name.trim() === ''}>
        {action}
      </button>
    </form>
  );
}

const DEFAULT_BACKGROUND = '#1f4f8b';
const DEFAULT_TEXT = '#ffffff';

function TeamRow({ organizationId, team }: { organizationId: number; team?: operator.Team }) {
  const queryClient = useQueryClient();
  const mutation = useMutation(organizationMutations.team(organizationId));
  const [names, setNames] = useState<Names>({ fr: team?.translations.fr ?? '', en: team?.translations.en ?? '' });
  const [background, setBackground] = useState(team?.backgroundColor || DEFAULT_BACKGROUND);
  const [text, setText] = useState(team?.textColor || DEFAULT_TEXT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [removing, setRemoving] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: organizationKeys.teams(organizationId) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const body = { translations: namesBody(names), backgroundColor: background, textColor: text };
      await mutation.mutateAsync(team ? { id: team.id, body } : { body });
      await reload();
      showToast('success', 'console.setup.saved');
      if (!team) {
        setNames({ fr: '', en: '' });
        setBackground(DEFAULT_BACKGROUND);
        setText(DEFAULT_TEXT);
      }
    } catch (error) {
      setErrors(errorsByField(error));
    }
  };
  const colorError = (name: string) => (errors[name]?.[0] ? serverMessageId(errors[name][0]) : undefined);
  const shown = names.fr || names.en;
  return (
    <form className="setup__part" noValidate onSubmit={submit}>
      <fieldset className="setup__group">
        <legend>{team ? shown : <FormattedMessage id="console.teams.new" />}</legend>
        <MessageList keys={[...(errors[''] ?? []), ...(errors.translations ?? [])]} />
        <div className="setup__fields">
          <TranslatedNames names={names} errors={errors} onChange={setNames} />
          <Field
            label={<FormattedMessage id="console.teams.background" />}
            type="color"
            value={/^#[0-9a-fA-F]{6}$/.test(background) ? background : DEFAULT_BACKGROUND}
            error={colorError('backgroundColor')}
            onChange={(event) => setBackground(event.target.value)}
          />
          <Field
            label={<FormattedMessage id="console.teams.text" />}
            type="color"
            value={/^#[0-9a-fA-F]{6}$/.test(text) ? text : DEFAULT_TEXT}
            error={colorError('textColor')}
            onChange={(event) => setText(event.target.value)}
          />
          <p>
            <span className="setup__team-badge" style={{ background, color: text }}>
              {shown || <FormattedMessage id="console.teams.sample" />}
            </span>
          </p>
        </div>
        <div className="setup__row-actions">
          <button type="submit" className="button" disabled={mutation.isPending}>
            <FormattedMessage id={team ? 'console.setup.saveRow' : 'console.setup.add'} />
          </button>
          {team ? (
            <button type="button" className="button button--secondary" onClick={() => setRemoving(true)}>
              <FormattedMessage id="console.setup.remove" />
            </button>
          ) : null}
        </div>
      </fieldset>
      {removing && team ? (
        <ConsoleConfirm
          title={<FormattedMessage id="console.setup.removeTitle" />}
          consequence={<FormattedMessage id="console.teams.removeConsequence" values={{ team: shown }} />}
          action={<FormattedMessage id="console.setup.remove" />}
          busy={mutation.isPending}
          onConfirm={async () => {
            await mutation.mutateAsync({ id: team.id, remove: true });
            await reload();
            showToast('success', 'console.setup.removed');
          }}
          onDone={() => setRemoving(false)}
        />
      ) : null}
    </form>
  );
}

function Teams({ organizationId }: { organizationId: number }) {
  const teams = useQuery(organizationQueries.teams(organizationId));
  if (teams.isPending) return <Loading />;
  if (teams.isError) return <LoadError onRetry={() => teams.refetch()} />;
  return (
    <>
      {teams.data.map((team) => (
        <TeamRow key={team.id} organizationId={organizationId} team={team} />
      ))}
      <TeamRow organizationId={organizationId} />
    </>
  );
}

/** The organisation (issue 19 §2): its name, its receipts' identity, its taxes, its teams, a new organisation (administrators). */
export default function OrganizationSection({ organization, actorRoles }: SectionProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const locale = useLocale();
  const rename = useMutation(organizationMutations.rename(organization.id));
  const create = useMutation(organizationMutations.createOrganization());
  const administrator = actorRoles.includes(Role.Administrator);
  return (
    <>
      <h2>
        <FormattedMessage id="console.organization.title" values={{ organization: organization.name }} />
      </h2>
      <NameForm
        key={organization.id}
        label={<FormattedMessage id="console.organization.name" />}
        initial={organization.name}
        action={<FormattedMessage id="console.organization.rename" />}
        onSubmit={async (name) => {
          await rename.mutateAsync(name);
          await queryClient.invalidateQueries({ queryKey: consoleKeys.organizations() });
          showToast('success', 'console.setup.saved');
        }}
      />
      <ReceiptIdentityForm key={`receipts-${organization.id}`} organization={organization} />
      <ConsolePart id="organization-taxes" title="console.taxes.title" intro="console.taxes.hint">
        <TaxesEditor organizationId={organization.id} />
      </ConsolePart>
      <ConsolePart id="organization-teams" title="console.teams.title" intro="console.teams.hint">
        <Teams organizationId={organization.id} />
      </ConsolePart>
      {administrator ? (
        <ConsolePart id="organization-new" title="console.organization.new">
          <NameForm
            key={organization.id}
            label={<FormattedMessage id="console.organization.newName" />}
            initial=""
            action={<FormattedMessage id="console.organization.create" />}
            onSubmit={async (name) => {
              const created = await create.mutateAsync(name);
              await queryClient.invalidateQueries({ queryKey: consoleKeys.organizations() });
              showToast('success', 'console.organization.created');
              await navigate({
                to: pathFor('console', {}, locale),
                search: { organisation: created.id, section: 'organization' } as never,
                replace: true,
              });
            }}
          />
        </ConsolePart>
      ) : null}
    </>
  );
}
