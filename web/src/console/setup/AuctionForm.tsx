import { AuctionType, type operator } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field, MessageList } from '../../account/Field.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { serverMessageId } from '../../i18n/messages.ts';
import { showToast } from '../../live/toasts.tsx';
import { consoleKeys } from '../queries.ts';
import {
  type AuctionFormValues,
  COLOR_FIELDS,
  changedFields,
  errorsByField,
  type FieldErrors,
  FLAG_FIELDS,
  FOOTER_COLOR_FIELDS,
  FOOTER_TEXT_FIELDS,
  formFromAuction,
} from './auctionForm.ts';
import { BrandPreview } from './BrandPreview.tsx';
import {
  AUCTION_TYPES,
  Checkbox,
  Choice,
  ColorInput,
  DateInput,
  FormContext,
  FormGroup,
  TextArea,
  TextInput,
  TitlesAndAddress,
} from './formKit.tsx';
import { setupKeys, setupMutations } from './queries.ts';

const PAYMENT_TYPES = [
  { value: '1', label: 'console.setup.paymentType.1' },
  { value: '2', label: 'console.setup.paymentType.2' },
] as const;
const DONATION_TYPES = [
  { value: '0', label: 'console.setup.donationType.0' },
  { value: '1', label: 'console.setup.donationType.1' },
  { value: '2', label: 'console.setup.donationType.2' },
] as const;
const CURRENCIES = [
  { value: 'CAD', label: 'console.setup.currency.CAD' },
  { value: 'USD', label: 'console.setup.currency.USD' },
] as const;

const label = (name: string) => `console.setup.field.${name}` as MessageId;

function Languages({ values, onChange }: { values: AuctionFormValues; onChange: (languages: number[]) => void }) {
  const toggle = (code: number, on: boolean) =>
    onChange(on ? [...new Set([...values.languages, code])] : values.languages.filter((c) => c !== code));
  return (
    <fieldset className="setup__inline">
      <legend>
        <FormattedMessage id="console.setup.field.languages" />
      </legend>
      {[
        { code: 2, id: 'console.setup.language.fr' as const },
        { code: 1, id: 'console.setup.language.en' as const },
      ].map(({ code, id }) => (
        <label key={code} className="setup__check">
          <input
            type="checkbox"
            checked={values.languages.includes(code)}
            // At least one language: the API refuses an auction without any.
            disabled={values.languages.length === 1 && values.languages.includes(code)}
            onChange={(event) => toggle(code, event.target.checked)}
          />
          <FormattedMessage id={id} />
        </label>
      ))}
    </fieldset>
  );
}

function DonationPresets({
  values,
  errors,
  onChange,
}: {
  values: AuctionFormValues;
  errors: FieldErrors;
  onChange: (donations: string[]) => void;
}) {
  const intl = useIntl();
  return (
    <fieldset className="setup__inline">
      <legend>
        <FormattedMessage id="console.setup.field.donations" />
      </legend>
      {values.donations.map((amount, i) => {
        const error = errors[`donations.${i}.amount`]?.[0];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: presets are an ordered list of plain amounts
          <div key={i} className="setup__preset">
            <Field
              label={<FormattedMessage id="console.setup.presetAmount" values={{ n: i + 1 }} />}
              inputMode="decimal"
              value={amount}
              error={error ? serverMessageId(error) : undefined}
              onChange={(event) => onChange(values.donations.map((a, j) => (j === i ? event.target.value : a)))}
            />
            <button
              type="button"
              className="button button--secondary"
              aria-label={intl.formatMessage({ id: 'console.setup.presetRemove' }, { n: i + 1 })}
              onClick={() => onChange(values.donations.filter((_, j) => j !== i))}
            >
              <FormattedMessage id="console.setup.remove" />
            </button>
          </div>
        );
      })}
      <button type="button" className="button button--secondary" onClick={() => onChange([...values.donations, ''])}>
        <FormattedMessage id="console.setup.presetAdd" />
      </button>
    </fieldset>
  );
}

/**
 * Every field of spec 001 §3's auction, grouped as an organiser thinks of them. Saving sends only
 * what changed (a PATCH); the API's refusals show under their fields.
 */
export function AuctionForm({ auction }: { auction: operator.OperatorAuction }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState(() => formFromAuction(auction));
  const [values, setValues] = useState(loaded);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(setupMutations.save(auction.id));
  const setText = (name: string, value: string) => setValues((v) => ({ ...v, text: { ...v.text, [name]: value } }));
  const setFlag = (name: string, value: boolean) => setValues((v) => ({ ...v, flags: { ...v.flags, [name]: value } }));
  const pending = changedFields(loaded, values);
  const dirty = Object.keys(pending.body).length > 0 || Object.keys(pending.errors).length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(pending.errors).length) {
      setErrors(pending.errors);
      return;
    }
    if (!dirty) return;
    setErrors({});
    try {
      const saved = await save.mutateAsync(pending.body);
      queryClient.setQueryData(setupKeys.auction(auction.id), saved);
      await queryClient.invalidateQueries({ queryKey: consoleKeys.auctions(auction.organizationId) });
      const next = formFromAuction(saved);
      setLoaded(next);
      setValues(next);
      showToast('success', 'console.setup.saved');
    } catch (error) {
      setErrors(errorsByField(error));
    }
  }

  // The access code lets guests into a private auction only: a public one shows no such field.
  const isPrivate = values.text.type === String(AuctionType.PrivateEvent);
  return (
    <FormContext.Provider value={{ values, errors, setText, setFlag }}>
      <form className="setup__form" noValidate onSubmit={submit}>
        <MessageList keys={errors[''] ?? []} />
        <FormGroup title="console.setup.group.general">
          <TitlesAndAddress />
          <TextArea name="translations.fr.description" label="console.setup.field.descriptionFr" />
          <TextArea name="translations.en.description" label="console.setup.field.descriptionEn" />
          <TextInput name="translations.fr.teamAppellation" label="console.setup.field.teamAppellationFr" />
          <TextInput name="translations.en.teamAppellation" label="console.setup.field.teamAppellationEn" />
          <Languages values={values} onChange={(languages) => setValues((v) => ({ ...v, languages }))} />
          <Choice name="type" label="console.setup.field.type" options={AUCTION_TYPES} />
          {isPrivate ? (
            <TextInput
              name="accessCode"
              label="console.setup.field.accessCode"
              hint={
                <FormattedMessage
                  id="console.setup.accessCodeHint"
                  values={{ link: `/${auction.urlMagicLink}?code=…` }}
                />
              }
            />
          ) : null}
        </FormGroup>
        <FormGroup title="console.setup.group.dates">
          <DateInput name="datePreOpen" label="console.setup.field.datePreOpen" />
          <DateInput name="dateOpen" label="console.setup.field.dateOpen" />
          <DateInput name="dateCompleted" label="console.setup.field.dateCompleted" />
        </FormGroup>
        <FormGroup title="console.setup.group.settings">
          {FLAG_FIELDS.map((name) => (
            <Checkbox key={name} name={name} label={label(name)} />
          ))}
        </FormGroup>
        <FormGroup title="console.setup.group.payment">
          <Choice name="paymentType" label="console.setup.field.paymentType" options={PAYMENT_TYPES} />
          <Choice name="currency" label="console.setup.field.currency" options={CURRENCIES} />
          <Checkbox name="requireCCToBid" label="console.setup.field.requireCCToBid" />
          <Checkbox name="billCreditCardFeesToClient" label="console.setup.field.billCreditCardFeesToClient" />
          <Checkbox
            name="billCreditCardFeesProvideReceipt"
            label="console.setup.field.billCreditCardFeesProvideReceipt"
          />
          <TextInput
            name="billCreditCardFeesMinimumAmount"
            label="console.setup.field.billCreditCardFeesMinimumAmount"
            inputMode="decimal"
          />
          <TextInput
            name="donationReceiptMinimumCents"
            label="console.setup.field.donationReceiptMinimum"
            inputMode="decimal"
            hint={<FormattedMessage id="console.setup.donationReceiptMinimumHint" />}
          />
          <Checkbox
            name="chargeAutomaticallyAtCompletion"
            label="console.setup.field.chargeAutomaticallyAtCompletion"
            hint="console.setup.chargeAutomaticallyHint"
          />
        </FormGroup>
        <FormGroup title="console.setup.group.donations">
          <Choice name="donationType" label="console.setup.field.donationType" options={DONATION_TYPES} />
          {values.text.donationType === '2' ? (
            <TextInput name="donationUrl" label="console.setup.field.donationUrl" type="url" />
          ) : null}
          <Checkbox name="donationAllowOtherAmount" label="console.setup.field.donationAllowOtherAmount" />
          <DonationPresets
            values={values}
            errors={errors}
            onChange={(donations) => setValues((v) => ({ ...v, donations }))}
          />
        </FormGroup>
        <FormGroup title="console.setup.group.brand">
          {COLOR_FIELDS.map((name) => (
            <ColorInput key={name} name={`colors.${name}`} label={label(name)} />
          ))}
          {FOOTER_COLOR_FIELDS.map((name) => (
            <ColorInput key={name} name={`footer.${name}`} label={label(name)} />
          ))}
          {FOOTER_TEXT_FIELDS.map((name) => (
            <TextInput key={name} name={`footer.${name}`} label={label(name)} />
          ))}
          <TextInput name="bannerFrench" label="console.setup.field.bannerFrench" type="url" />
          <TextInput name="bannerEnglish" label="console.setup.field.bannerEnglish" type="url" />
          <TextInput name="linkFrench" label="console.setup.field.linkFrench" type="url" />
          <TextInput name="linkEnglish" label="console.setup.field.linkEnglish" type="url" />
        </FormGroup>
        <BrandPreview auction={auction} values={values} />
        <div className="setup__save">
          <button type="submit" className="button" disabled={save.isPending || !dirty}>
            <FormattedMessage id="console.setup.save" />
          </button>
          <span className="console__muted" aria-live="polite">
            {dirty ? intl.formatMessage({ id: 'console.setup.unsaved' }) : null}
          </span>
        </div>
      </form>
    </FormContext.Provider>
  );
}
