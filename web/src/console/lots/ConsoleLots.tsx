import { isLotStatusClosed, LotStatus, type operator } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { textIn } from '../../i18n/textIn.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { ListTable } from '../../lib/listTable/ListTable.tsx';
import { applyQuery, initialQuery, type ListQuery } from '../../lib/listTable/listTableRules.ts';
import { showToast } from '../../live/toasts.tsx';
import { titleOf } from '../auctionLabels.ts';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { entryName } from '../entryName.ts';
import { organizationQueries } from '../organization/queries.ts';
import { consoleKeys, consoleMutations, consoleQueries, type LotCommand } from '../queries.ts';
import { LotEditor } from './LotEditor.tsx';

type Lot = operator.OperatorLot;

/** The three states an operator filters on; the spec's eight lot statuses fold into them. */
type LotState = 'notStarted' | 'open' | 'closed';
const stateOf = (lot: Lot): LotState =>
  isLotStatusClosed(lot.status) ? 'closed' : lot.status === LotStatus.NotStarted ? 'notStarted' : 'open';
const STATE_KEYS: Record<LotState, MessageId> = {
  notStarted: 'console.lots.state.notStarted',
  open: 'console.lots.state.open',
  closed: 'console.lots.state.closed',
};
const COMMAND_KEYS: Record<LotCommand, { action: MessageId; title: MessageId; consequence: MessageId }> = {
  hide: {
    action: 'console.lots.hide',
    title: 'console.lots.hideTitle',
    consequence: 'console.lots.hideConsequence',
  },
  show: {
    action: 'console.lots.show',
    title: 'console.lots.showTitle',
    consequence: 'console.lots.showConsequence',
  },
  'close-early': {
    action: 'console.lots.closeEarly',
    title: 'console.lots.closeEarlyTitle',
    consequence: 'console.lots.closeEarlyConsequence',
  },
};

function nameOf(lot: Lot, locale: string): string {
  return (lot.translations.find((t) => t.languageCode === locale) ?? lot.translations[0])?.name ?? '';
}

/** A lot command behind a confirmation that states its consequence. */
function ConfirmCommand({
  auctionId,
  pending,
  onDone,
}: {
  auctionId: number;
  pending: { lot: Lot; command: LotCommand } | null;
  onDone: () => void;
}) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const mutation = useMutation(consoleMutations.lotCommand());
  // One id per confirmation: a double click or a retry sends the same command.
  const [commandId] = useState(() => crypto.randomUUID());
  if (!pending) return null;
  const keys = COMMAND_KEYS[pending.command];
  const values = { lot: `${pending.lot.lotNumber} ${nameOf(pending.lot, locale)}` };
  return (
    <ConsoleConfirm
      title={<FormattedMessage id={keys.title} />}
      consequence={<FormattedMessage id={keys.consequence} values={values} />}
      action={<FormattedMessage id={keys.action} />}
      busy={mutation.isPending}
      onConfirm={async () => {
        await mutation.mutateAsync({ lotId: pending.lot.id, command: pending.command, commandId });
        showToast('success', 'console.lots.done');
        // The read model follows the engine a moment later.
        setTimeout(() => queryClient.invalidateQueries({ queryKey: consoleKeys.lots(auctionId) }), 500);
      }}
      onDone={onDone}
    />
  );
}

/**
 * The auction's lots in the generic list table (search, filters by status, category, closing group
 * and team, sorting, the spec's page sizes), with hide/show and close early per lot, and the lot
 * editor for a new lot or an existing one.
 */
export function ConsoleLots({ auction }: { auction: operator.OperatorAuction }) {
  const auctionId = auction.id;
  const intl = useIntl();
  const locale = useLocale();
  const lots = useQuery(consoleQueries.lots(auctionId));
  const teams = useQuery(organizationQueries.teams(auction.organizationId));
  const [query, setQuery] = useState<ListQuery>(() => initialQuery(25, { column: 'number', direction: 'asc' }));
  const [pending, setPending] = useState<{ lot: Lot; command: LotCommand } | null>(null);
  const [editing, setEditing] = useState<{ lotId: number | null } | null>(null);
  if (lots.isPending) return <Loading />;
  if (lots.isError) return <LoadError onRetry={() => lots.refetch()} />;
  if (editing) {
    return (
      <LotEditor
        key={editing.lotId ?? 'new'}
        auction={auction}
        lotId={editing.lotId}
        onClose={() => setEditing(null)}
      />
    );
  }
  const choices = (entries: { id: number; name: string }[]) =>
    entries.map((entry) => ({ value: String(entry.id), label: entry.name }));
  const placementFilters = [
    {
      kind: 'checkboxes' as const,
      id: 'category',
      label: <FormattedMessage id="console.lots.category" />,
      options: choices(auction.itemCategories.map((c) => ({ id: c.id, name: entryName(c.translations, locale) }))),
    },
    {
      kind: 'checkboxes' as const,
      id: 'group',
      label: <FormattedMessage id="console.lots.closingGroup" />,
      options: choices(auction.closingGroups.map((g) => ({ id: g.id, name: entryName(g.translations, locale) }))),
    },
    {
      kind: 'checkboxes' as const,
      id: 'team',
      label: <FormattedMessage id="console.lots.team" />,
      options: choices(
        (teams.data ?? []).map((t) => ({
          id: t.id,
          name: textIn(t.translations, locale),
        })),
      ),
    },
  ].filter((filter) => filter.options.length > 0);
  const shown = applyQuery(lots.data, query, {
    sortValue: (lot, column) =>
      column === 'number' ? lot.lotNumber : column === 'name' ? nameOf(lot, locale) : lot.bidCount,
    quickFilter: (lot, id) => (id === 'hidden' ? lot.isHidden : true),
    sideValue: (lot, id) => {
      if (id === 'name') return `${lot.lotNumber} ${nameOf(lot, locale)}`;
      if (id === 'category') return lot.itemCategories.map((c) => String(c.id));
      if (id === 'group') return lot.auctionClosingGroupId === null ? null : String(lot.auctionClosingGroupId);
      if (id === 'team') return lot.organizationTeamId === null ? null : String(lot.organizationTeamId);
      return stateOf(lot);
    },
  });
  const action = (lot: Lot, command: LotCommand) => (
    <button
      type="button"
      className="console__role"
      aria-label={intl.formatMessage(
        { id: 'console.lots.actionLabel' },
        { action: intl.formatMessage({ id: COMMAND_KEYS[command].action }), lot: lot.lotNumber },
      )}
      onClick={() => setPending({ lot, command })}
    >
      <FormattedMessage id={COMMAND_KEYS[command].action} />
    </button>
  );
  const state = (lot: Lot) => (
    <>
      <FormattedMessage id={STATE_KEYS[stateOf(lot)]} />
      {lot.isHidden && (
        <span className="console__badge">
          {' '}
          <FormattedMessage id="console.lots.hidden" />
        </span>
      )}
    </>
  );
  const edit = (lot: Lot) => (
    <button
      type="button"
      className="console__role"
      aria-label={intl.formatMessage(
        { id: 'console.lots.actionLabel' },
        { action: intl.formatMessage({ id: 'console.lots.edit' }), lot: lot.lotNumber },
      )}
      onClick={() => setEditing({ lotId: lot.id })}
    >
      <FormattedMessage id="console.lots.edit" />
    </button>
  );
  const actions = (lot: Lot) => (
    <div className="console__roles">
      {edit(lot)}
      {stateOf(lot) !== 'closed' && action(lot, lot.isHidden ? 'show' : 'hide')}
      {stateOf(lot) === 'open' && action(lot, 'close-early')}
    </div>
  );
  return (
    <>
      <div className="console__toolbar">
        <button type="button" className="button" onClick={() => setEditing({ lotId: null })}>
          <FormattedMessage id="console.lots.new" />
        </button>
      </div>
      <ListTable<Lot>
        renderCard={(lot) => (
          <div className="console__lot-card">
            <strong>
              {lot.lotNumber} · {nameOf(lot, locale)}
            </strong>
            <span>
              {state(lot)} · <FormattedMessage id="console.lots.bidCount" values={{ count: lot.bidCount }} />
            </span>
            {actions(lot)}
          </div>
        )}
        title={<FormattedMessage id="console.lots.title" values={{ auction: titleOf(auction, locale) }} />}
        titleLevel={2}
        rows={shown.rows}
        count={shown.count}
        rowKey={(lot) => lot.id}
        query={query}
        onQueryChange={setQuery}
        empty={<FormattedMessage id={lots.data.length === 0 ? 'console.lots.empty' : 'no_matching_result'} />}
        quickFilters={[{ id: 'hidden', label: <FormattedMessage id="console.lots.hidden" /> }]}
        sideFilters={[
          { kind: 'text', id: 'name', label: <FormattedMessage id="console.lots.search" /> },
          {
            kind: 'checkboxes',
            id: 'state',
            label: <FormattedMessage id="console.lots.status" />,
            options: (Object.keys(STATE_KEYS) as LotState[]).map((state) => ({
              value: state,
              label: <FormattedMessage id={STATE_KEYS[state]} />,
            })),
          },
          ...placementFilters,
        ]}
        columns={[
          {
            id: 'number',
            header: <FormattedMessage id="favorites.column.number" />,
            sortable: true,
            cell: (lot) => lot.lotNumber,
          },
          {
            id: 'name',
            header: <FormattedMessage id="favorites.column.name" />,
            sortable: true,
            cell: (lot) => nameOf(lot, locale),
          },
          {
            id: 'state',
            header: <FormattedMessage id="console.lots.status" />,
            cell: state,
          },
          {
            id: 'bids',
            header: <FormattedMessage id="console.lots.bids" />,
            sortable: true,
            cell: (lot) => lot.bidCount,
          },
          {
            id: 'actions',
            header: <FormattedMessage id="console.lots.actions" />,
            cell: actions,
          },
        ]}
      />
      {/* Keyed so each confirmation gets its own command id. */}
      <ConfirmCommand
        key={pending ? `${pending.lot.id}-${pending.command}` : 'none'}
        auctionId={auctionId}
        pending={pending}
        onDone={() => setPending(null)}
      />
    </>
  );
}
