import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MessageList } from '../../account/Field.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { serverMessageId } from '../../i18n/messages.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { consoleKeys } from '../queries.ts';
import { errorsByField, type FieldErrors } from './auctionForm.ts';
import { OrderButtons } from './OrderButtons.tsx';
import { type OrderedPartKind, type PartKind, setupKeys, setupMutations } from './queries.ts';

/** A consequence to confirm before a save is sent (a closing group's new end moves its lots). */
export interface SaveWarning {
  title: MessageId;
  consequence: MessageId;
  action: MessageId;
}

const isOrdered = (kind: PartKind): kind is OrderedPartKind => kind !== 'closing-groups';

/**
 * One category, closing group, tab or banner photo as a small form: save sends it (added when it has
 * no id yet), remove asks first. The auction's answer carries its parts, so both reload it.
 */
export function PartRow({
  auctionId,
  organizationId,
  kind,
  id,
  legend,
  body,
  warning,
  onAdded,
  place,
  children,
}: {
  auctionId: number;
  organizationId: number;
  kind: PartKind;
  id?: number;
  legend: ReactNode;
  body: () => Record<string, unknown>;
  warning?: SaveWarning | null;
  onAdded?: () => void;
  /**
   * Where a saved category, tab or banner stands among its kind (their ids in order, its index) and
   * its name for screen readers: the row then offers move up and move down.
   */
  place?: { ids: readonly number[]; index: number; name: string };
  children: (errors: FieldErrors) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation(setupMutations.part(auctionId, kind));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirm, setConfirm] = useState<'remove' | 'save' | null>(null);
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: setupKeys.auction(auctionId) });
    await queryClient.invalidateQueries({ queryKey: consoleKeys.auctions(organizationId) });
  };
  const send = async () => {
    setErrors({});
    try {
      await mutation.mutateAsync(id === undefined ? { body: body() } : { id, body: body() });
      await reload();
      showToast('success', 'console.setup.saved');
      if (id === undefined) onAdded?.();
    } catch (error) {
      setErrors(errorsByField(error));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (warning && id !== undefined) setConfirm('save');
    else void send();
  };
  // Refusals of no known field show at the top of the row, so none is ever lost.
  const loose = Object.entries(errors)
    .filter(([field]) => field === '' || field === 'translations')
    .flatMap(([, keys]) => keys.map(serverMessageId));
  return (
    <form className="setup__part" noValidate onSubmit={submit}>
      <fieldset className="setup__group">
        <legend>{legend}</legend>
        <MessageList keys={loose} />
        <div className="setup__fields">{children(errors)}</div>
        <div className="setup__row-actions">
          <button type="submit" className="button" disabled={mutation.isPending}>
            <FormattedMessage id={id === undefined ? 'console.setup.add' : 'console.setup.saveRow'} />
          </button>
          {id !== undefined ? (
            <button type="button" className="button button--secondary" onClick={() => setConfirm('remove')}>
              <FormattedMessage id="console.setup.remove" />
            </button>
          ) : null}
          {id !== undefined && place && isOrdered(kind) ? (
            <OrderButtons auctionId={auctionId} organizationId={organizationId} kind={kind} {...place} />
          ) : null}
        </div>
      </fieldset>
      {confirm === 'remove' && id !== undefined ? (
        <ConsoleConfirm
          title={<FormattedMessage id="console.setup.removeTitle" />}
          consequence={<FormattedMessage id={`console.setup.removeConsequence.${kind}` as MessageId} />}
          action={<FormattedMessage id="console.setup.remove" />}
          busy={mutation.isPending}
          onConfirm={async () => {
            await mutation.mutateAsync({ id, remove: true });
            await reload();
            showToast('success', 'console.setup.removed');
          }}
          onDone={() => setConfirm(null)}
        />
      ) : null}
      {confirm === 'save' && warning ? (
        <ConsoleConfirm
          title={<FormattedMessage id={warning.title} />}
          consequence={<FormattedMessage id={warning.consequence} />}
          action={<FormattedMessage id={warning.action} />}
          busy={mutation.isPending}
          onConfirm={async () => {
            await mutation.mutateAsync({ id, body: body() });
            await reload();
            showToast('success', 'console.setup.saved');
          }}
          onDone={() => setConfirm(null)}
        />
      ) : null}
    </form>
  );
}
