import { MAX_TAXES, type operator } from '@auction/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field, MessageList } from '../../account/Field.tsx';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { serverMessageId } from '../../i18n/messages.ts';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleConfirm } from '../ConsoleConfirm.tsx';
import { MoveButtons } from '../MoveButtons.tsx';
import { movedItems } from '../movedItems.ts';
import type { FieldErrors } from '../setup/auctionForm.ts';
import { type Names, TranslatedNames } from '../setup/TranslatedNames.tsx';
import { organizationKeys, organizationMutations, organizationQueries, type TaxBody } from './queries.ts';
import { TaxExample } from './TaxExample.tsx';
import { rateText, type TaxRow, taxesBody, taxesRefused, taxName } from './taxRows.ts';

/**
 * The organisation's taxes (docs/payments.md "Taxes"): edited as a list, then saved whole and in
 * order behind a confirmation that says what the invoices generated from now on will add. Rates
 * are read with the contract's rule and shown on a sample purchase with the invoices' own
 * rounding, so "99.75" typed for "9.975" is seen before it is saved.
 */
export function TaxesEditor({ organizationId }: { organizationId: number }) {
  const taxes = useQuery(organizationQueries.taxes(organizationId));
  if (taxes.isPending) return <Loading />;
  if (taxes.isError) return <LoadError onRetry={() => taxes.refetch()} />;
  return <TaxesForm key={organizationId} organizationId={organizationId} saved={taxes.data.taxes} />;
}

function TaxesForm({ organizationId, saved }: { organizationId: number; saved: operator.OrganizationTaxes['taxes'] }) {
  const intl = useIntl();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const mutation = useMutation(organizationMutations.taxes(organizationId));
  const nextKey = useRef(0);
  const rowsOf = (taxes: operator.OrganizationTaxes['taxes']): TaxRow[] =>
    taxes.map((tax) => ({
      key: nextKey.current++,
      names: { fr: tax.translations.fr ?? '', en: tax.translations.en ?? '' },
      rate: rateText(tax.rate, locale),
    }));
  const [rows, setRows] = useState(() => rowsOf(saved));
  const [savedBody, setSavedBody] = useState(() => JSON.stringify(taxesBody(rowsOf(saved))));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<TaxBody[] | null>(null);
  const changed = JSON.stringify(taxesBody(rows)) !== savedBody;

  const change = (index: number, row: TaxRow) => setRows(rows.map((r, i) => (i === index ? row : r)));
  const move = (index: number, step: -1 | 1) => setRows(movedItems(rows, index, step) ?? rows);
  const add = () => setRows([...rows, { key: nextKey.current++, names: { fr: '', en: '' }, rate: '' }]);
  const remove = (index: number) => setRows(rows.filter((_, i) => i !== index));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = taxesRefused(rows);
    setErrors(refused);
    if (Object.keys(refused).length === 0) setConfirming(taxesBody(rows));
  };
  const fieldError = (path: string) => (errors[path]?.[0] ? serverMessageId(errors[path][0]) : undefined);
  const nameOf = (names: Names, index: number) =>
    taxName(names, locale) || intl.formatMessage({ id: 'console.taxes.legend' }, { number: index + 1 });

  return (
    <form className="setup__part" noValidate onSubmit={submit}>
      <MessageList keys={[...(errors[''] ?? []), ...(errors.taxes ?? [])]} />
      {rows.length === 0 ? (
        <p>
          <FormattedMessage id="console.taxes.none" />
        </p>
      ) : null}
      {rows.map((row, index) => (
        <fieldset className="setup__group" key={row.key}>
          <legend>
            <FormattedMessage id="console.taxes.legend" values={{ number: index + 1 }} />
          </legend>
          <MessageList keys={errors[`taxes.${index}.translations`] ?? []} />
          <div className="setup__fields">
            <TranslatedNames
              names={row.names}
              errors={errors}
              prefix={`taxes.${index}.translations`}
              onChange={(names) => change(index, { ...row, names })}
            />
            <Field
              label={<FormattedMessage id="console.taxes.rate" />}
              inputMode="decimal"
              autoComplete="off"
              value={row.rate}
              hint={<FormattedMessage id="console.taxes.rateHint" />}
              error={fieldError(`taxes.${index}.rate`)}
              onChange={(event) => change(index, { ...row, rate: event.target.value })}
            />
          </div>
          <div className="setup__row-actions">
            <button
              type="button"
              className="button button--secondary"
              aria-label={intl.formatMessage({ id: 'console.taxes.removeLabel' }, { name: nameOf(row.names, index) })}
              onClick={() => remove(index)}
            >
              <FormattedMessage id="console.setup.remove" />
            </button>
            <MoveButtons
              index={index}
              count={rows.length}
              name={nameOf(row.names, index)}
              onMove={(step) => move(index, step)}
            />
          </div>
        </fieldset>
      ))}
      <TaxExample rows={rows} />
      <div className="setup__row-actions">
        <button type="button" className="button button--secondary" disabled={rows.length >= MAX_TAXES} onClick={add}>
          <FormattedMessage id="console.taxes.add" />
        </button>
        <button type="submit" className="button" disabled={!changed || mutation.isPending}>
          <FormattedMessage id="console.taxes.save" />
        </button>
      </div>
      {rows.length >= MAX_TAXES ? (
        <p className="console__muted">
          <FormattedMessage id="console.taxes.most" values={{ most: MAX_TAXES }} />
        </p>
      ) : null}
      {confirming ? (
        <ConsoleConfirm
          title={<FormattedMessage id="console.taxes.saveTitle" />}
          consequence={
            <>
              <FormattedMessage
                id={confirming.length ? 'console.taxes.consequence' : 'console.taxes.consequenceNone'}
              />{' '}
              <TaxExample rows={rows} inline />
            </>
          }
          action={<FormattedMessage id="console.taxes.save" />}
          busy={mutation.isPending}
          onConfirm={async () => {
            const answer = await mutation.mutateAsync(confirming);
            queryClient.setQueryData(organizationKeys.taxes(organizationId), answer);
            const next = rowsOf(answer.taxes);
            setRows(next);
            setSavedBody(JSON.stringify(taxesBody(next)));
            showToast('success', 'console.setup.saved');
          }}
          onDone={() => setConfirming(null)}
        />
      ) : null}
    </form>
  );
}
