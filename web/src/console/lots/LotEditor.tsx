import type { operator } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field, MessageList } from '../../account/Field.tsx';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { FormActions } from '../../layout/FormActions.tsx';
import { Labelled } from '../../layout/Labelled.tsx';
import { errorKeys } from '../../lib/errors.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { entryName } from '../entryName.ts';
import { organizationQueries } from '../organization/queries.ts';
import { consoleKeys, consoleQueries } from '../queries.ts';
import { RichTextField } from '../RichTextField.tsx';
import { DateZoneHint } from '../setup/DateZoneHint.tsx';
import { FormGroup } from '../setup/formKit.tsx';
import { fromLocalInput } from '../setup/zonedTime.ts';
import { LotPhotosEditor } from './LotPhotosEditor.tsx';
import { emptyLotForm, engineChanges, type LotFormValues, lotBody, lotChanges, lotFormOf } from './lotForm.ts';
import { lotsMutations } from './queries.ts';

type Auction = operator.OperatorAuction;

/** The description in each language, typed as HTML and previewed as bidders will see it. */
const DESCRIPTIONS = [
  { field: 'frDescription', label: 'console.lots.descriptionFr', preview: 'console.lots.descriptionPreviewFr' },
  { field: 'enDescription', label: 'console.lots.descriptionEn', preview: 'console.lots.descriptionPreviewEn' },
] as const;

const LOT_TYPES: { value: string; label: MessageId }[] = [
  { value: '1', label: 'console.lots.type.silent' },
  { value: '2', label: 'console.lots.type.live' },
  { value: '3', label: 'console.lots.type.fixedPrice' },
];

/**
 * The lot's categories: a lot may be in several (a wine in "Wines" and "Gifts"), so each is a box
 * to tick, in the auction's order. Bidders find the lot under each.
 */
function CategoryChoice({
  categories,
  chosen,
  onChange,
}: {
  categories: { id: string; name: string }[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <fieldset className="setup__inline lots__categories">
      <legend>
        <FormattedMessage id="console.lots.categories" />
      </legend>
      {categories.length === 0 && (
        <p className="field__hint">
          <FormattedMessage id="console.lots.noCategories" />
        </p>
      )}
      {categories.map((category) => (
        <label key={category.id}>
          <input
            type="checkbox"
            checked={chosen.includes(category.id)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? categories.map((c) => c.id).filter((id) => id === category.id || chosen.includes(id))
                  : chosen.filter((id) => id !== category.id),
              )
            }
          />{' '}
          {category.name}
        </label>
      ))}
    </fieldset>
  );
}

function Select({
  label,
  value,
  onChange,
  options,
  disabled,
}: {
  label: MessageId;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: ReactNode }[];
  disabled?: boolean;
}) {
  return (
    <Labelled
      label={label}
      control={(wiring) => (
        <select {...wiring} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * The lot editor (create and edit) over the operator API. A lot's stream opens at its creation, so
 * on an existing lot the type and extension settings are shown read-only (the API would answer
 * lot_settings_locked); a new price or end is a RepriceLot or RescheduleLot in the engine, confirmed
 * first with its consequence, under one command id per confirmation.
 */
export function LotEditor({
  auction,
  lotId,
  onClose,
}: {
  auction: Auction;
  lotId: number | null;
  onClose: () => void;
}) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const lots = useQuery(consoleQueries.lots(auction.id));
  const teams = useQuery(organizationQueries.teams(auction.organizationId));
  const [savedId, setSavedId] = useState<number | null>(lotId);
  const lot = lots.data?.find((each) => each.id === savedId) ?? null;
  const [initial, setInitial] = useState<LotFormValues>(() => {
    const existing = lots.data?.find((each) => each.id === lotId);
    // A new lot takes the number after the auction's highest.
    const next = Math.max(0, ...(lots.data ?? []).map((each) => each.lotNumber)) + 1;
    return existing ? lotFormOf(existing) : emptyLotForm(auction.dateCompleted ?? null, next);
  });
  const [values, setValues] = useState<LotFormValues>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<{ changes: Record<string, unknown>; commandId: string } | null>(null);
  // One id for this creation: a double click or a retry opens one lot, not two.
  const [createId] = useState(() => crypto.randomUUID());
  const create = useMutation(lotsMutations.create(auction.id));
  const edit = useMutation(lotsMutations.edit(savedId ?? 0));
  const locked = savedId !== null;
  const set = (field: keyof LotFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const input = (field: keyof LotFormValues, label: MessageId, extra: Record<string, unknown> = {}) => (
    <Field
      label={<FormattedMessage id={label} />}
      value={String(values[field])}
      onChange={(event) => set(field)(event.target.value)}
      {...extra}
    />
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.lots(auction.id) });

  async function sendEdit(changes: Record<string, unknown>, commandId?: string) {
    await edit.mutateAsync({ ...changes, ...(commandId ? { commandId } : {}) });
    setInitial(values);
    await refresh();
    showToast('success', 'console.lots.saved');
  }

  async function submit() {
    setErrors([]);
    try {
      if (savedId === null) {
        const created = await create.mutateAsync({ ...lotBody(values), commandId: createId });
        await refresh();
        setSavedId(created.id);
        setInitial(values);
        showToast('success', 'console.lots.created');
        return;
      }
      const changes = lotChanges(initial, values);
      if (Object.keys(changes).length === 0) return;
      const engine = engineChanges(changes);
      if (engine.reprice || engine.reschedule) {
        setConfirming({ changes, commandId: crypto.randomUUID() });
        return;
      }
      await sendEdit(changes);
    } catch (error) {
      setErrors(errorKeys(error));
    }
  }

  const end = fromLocalInput(values.dateCompleted);
  const options = (entries: { id: number; name: string }[]) => [
    { value: '', label: <FormattedMessage id="console.lots.none" /> },
    ...entries.map((entry) => ({ value: String(entry.id), label: entry.name })),
  ];
  const pending = confirming ? engineChanges(confirming.changes) : null;
  const lotLabel = lot ? `${lot.lotNumber} ${entryName(lot.translations, locale)}` : '';

  return (
    <section className="lot-editor" aria-labelledby="lot-editor-title">
      <h3 id="lot-editor-title">
        {savedId === null ? (
          <FormattedMessage id="console.lots.newTitle" />
        ) : (
          <FormattedMessage id="console.lots.editTitle" values={{ lot: lotLabel }} />
        )}
      </h3>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormGroup title="console.lots.group.general">
          <Select
            label="console.lots.type"
            value={values.type}
            onChange={set('type')}
            disabled={locked}
            options={LOT_TYPES.map((type) => ({ value: type.value, label: <FormattedMessage id={type.label} /> }))}
          />
          {input('lotNumber', 'console.lots.lotNumber', { inputMode: 'numeric' })}
          {input('frName', 'console.lots.nameFr', { required: true, lang: 'fr' })}
          {input('enName', 'console.lots.nameEn', { lang: 'en' })}
          {DESCRIPTIONS.map(({ field, label, preview }) => (
            <RichTextField
              key={field}
              label={label}
              preview={preview}
              rows={4}
              value={values[field]}
              onChange={set(field)}
            />
          ))}
          {input('offeredBy', 'console.lots.offeredBy')}
          {input('additionalInfoExternalUrl', 'console.lots.externalUrl', { type: 'url' })}
        </FormGroup>
        <FormGroup title="console.lots.group.prices">
          {input('startingBid', 'console.lots.startingBid', { inputMode: 'decimal' })}
          {input('minimumIncrement', 'console.lots.minimumIncrement', { inputMode: 'decimal' })}
          {input('valuation', 'console.lots.valuation', { inputMode: 'decimal' })}
          {input('multiSaleQuantity', 'console.lots.quantity', { inputMode: 'numeric' })}
          {input('maxPerBidder', 'console.lots.maxPerBidder', { inputMode: 'numeric' })}
        </FormGroup>
        <FormGroup title="console.lots.group.closing">
          {input('dateCompleted', 'console.lots.dateCompleted', {
            type: 'datetime-local',
            hint: <DateZoneHint iso={end} />,
          })}
          {/* Not a .field: its rules size a text box, and would stretch the box to the column's width. */}
          <label className="setup__check">
            <input
              type="checkbox"
              checked={values.allowsTimeExtension}
              disabled={locked}
              onChange={(event) => setValues((v) => ({ ...v, allowsTimeExtension: event.target.checked }))}
            />
            <FormattedMessage id="console.lots.allowsTimeExtension" />
          </label>
          {input('extensionDurationInMinutes', 'console.lots.extensionMinutes', {
            inputMode: 'numeric',
            disabled: locked,
          })}
          {input('extensionDurationMaximumMinutes', 'console.lots.extensionMaximum', {
            inputMode: 'numeric',
            disabled: locked,
          })}
          {input('minutesLeftBeforeAllowingExtension', 'console.lots.extensionWindow', {
            inputMode: 'numeric',
            disabled: locked,
          })}
          {locked && (
            <p className="field__hint">
              <FormattedMessage id="console.lots.lockedHint" />
            </p>
          )}
        </FormGroup>
        <FormGroup title="console.lots.group.placement">
          <CategoryChoice
            categories={auction.itemCategories.map((c) => ({
              id: String(c.id),
              name: entryName(c.translations, locale),
            }))}
            chosen={values.categoryIds}
            onChange={(categoryIds) => setValues((v) => ({ ...v, categoryIds }))}
          />
          <Select
            label="console.lots.closingGroup"
            value={values.closingGroupId}
            onChange={set('closingGroupId')}
            options={options(auction.closingGroups.map((g) => ({ id: g.id, name: entryName(g.translations, locale) })))}
          />
          <Select
            label="console.lots.team"
            value={values.teamId}
            onChange={set('teamId')}
            options={options(
              (teams.data ?? []).map((t) => ({
                id: t.id,
                name:
                  (locale === 'en' ? t.translations.en : t.translations.fr) ??
                  t.translations.fr ??
                  t.translations.en ??
                  '',
              })),
            )}
          />
        </FormGroup>
        <MessageList keys={errors} />
        <FormActions
          className="console__dialog-actions"
          cancel="console.lots.backToList"
          onCancel={onClose}
          submit={savedId === null ? 'console.lots.create' : 'console.lots.save'}
          pending={create.isPending || edit.isPending}
        />
      </form>
      {lot ? (
        <LotPhotosEditor lot={lot} auctionId={auction.id} />
      ) : (
        <p className="field__hint">
          <FormattedMessage id="console.lots.photos.afterCreate" />
        </p>
      )}
      {confirming && pending && (
        <ConsoleConfirm
          key={confirming.commandId}
          title={<FormattedMessage id="console.lots.engineTitle" />}
          consequence={
            <>
              {pending.reprice && <FormattedMessage id="console.lots.repriceConsequence" values={{ lot: lotLabel }} />}
              {pending.reprice && pending.reschedule && ' '}
              {pending.reschedule && (
                <FormattedMessage
                  id="console.lots.rescheduleConsequence"
                  values={{ lot: lotLabel, end: end ? new Date(end) : new Date() }}
                />
              )}
            </>
          }
          action={<FormattedMessage id="console.lots.save" />}
          busy={edit.isPending}
          onConfirm={() => sendEdit(confirming.changes, confirming.commandId)}
          onDone={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
