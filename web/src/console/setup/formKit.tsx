import { AuctionType } from '@auction/contract';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field } from '../../account/Field.tsx';
import { type MessageId, serverMessageId } from '../../i18n/messages.ts';
import { Labelled } from '../../layout/Labelled.tsx';
import type { AuctionFormValues, FieldErrors } from './auctionForm.ts';
import { DateZoneHint } from './DateZoneHint.tsx';
import { fromLocalInput } from './zonedTime.ts';

/**
 * The set-up form's inputs, each bound by its API path to the form's values and to the API's
 * refusal for that path (shown under it, in the page's language).
 */
interface FormState {
  values: AuctionFormValues;
  errors: FieldErrors;
  setText: (name: string, value: string) => void;
  setFlag: (name: string, value: boolean) => void;
}

export const FormContext = createContext<FormState | null>(null);

function useForm(): FormState {
  const form = useContext(FormContext);
  if (!form) throw new Error('A set-up input outside its form');
  return form;
}

const firstError = (errors: FieldErrors, name: string) => {
  const key = errors[name]?.[0];
  return key ? serverMessageId(key) : undefined;
};

export function TextInput({
  name,
  label,
  hint,
  type = 'text',
  required,
  inputMode,
}: {
  name: string;
  label: MessageId;
  hint?: ReactNode;
  type?: 'text' | 'url' | 'email' | 'tel' | 'datetime-local';
  required?: boolean;
  inputMode?: 'decimal';
}) {
  const { values, errors, setText } = useForm();
  return (
    <Field
      label={<FormattedMessage id={label} />}
      name={name}
      type={type}
      required={required}
      inputMode={inputMode}
      hint={hint}
      error={firstError(errors, name)}
      value={values.text[name] ?? ''}
      onChange={(event) => setText(name, event.target.value)}
    />
  );
}

export function TextArea({ name, label }: { name: string; label: MessageId }) {
  const { values, errors, setText } = useForm();
  return (
    <Labelled
      label={label}
      error={firstError(errors, name)}
      control={(wiring) => (
        <textarea
          {...wiring}
          name={name}
          rows={4}
          value={values.text[name] ?? ''}
          onChange={(event) => setText(name, event.target.value)}
        />
      )}
    />
  );
}

export function Checkbox({ name, label, hint }: { name: string; label: MessageId; hint?: MessageId }) {
  const { values, setFlag } = useForm();
  const id = useId();
  return (
    <div className="setup__check">
      <input
        id={id}
        type="checkbox"
        checked={values.flags[name] === true}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => setFlag(name, event.target.checked)}
      />
      <label htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          <FormattedMessage id={hint} />
        </p>
      ) : null}
    </div>
  );
}

export function Choice({
  name,
  label,
  options,
}: {
  name: string;
  label: MessageId;
  options: readonly { value: string; label: MessageId }[];
}) {
  const { values, errors, setText } = useForm();
  const intl = useIntl();
  return (
    <Labelled
      label={label}
      error={firstError(errors, name)}
      control={(wiring) => (
        <select
          {...wiring}
          value={values.text[name] ?? options[0]?.value}
          onChange={(e) => setText(name, e.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {intl.formatMessage({ id: option.label })}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A colour as the API stores it (#rgb to #rrggbbaa), typed or picked; the swatch shows it. */
export function ColorInput({ name, label }: { name: string; label: MessageId }) {
  const { values, setText } = useForm();
  const intl = useIntl();
  const value = values.text[name] ?? '';
  const pickable = /^#[0-9a-fA-F]{6}$/.test(value) ? value : '#ffffff';
  return (
    <div className="setup__color">
      <TextInput name={name} label={label} />
      <input
        type="color"
        className="setup__swatch"
        aria-label={intl.formatMessage({ id: 'console.setup.pickColor' }, { field: intl.formatMessage({ id: label }) })}
        value={pickable}
        onChange={(event) => setText(name, event.target.value)}
      />
    </div>
  );
}

/** A date typed in the browser's zone, written out under it with the zone's offset on that very date. */
export function DateInput({ name, label }: { name: string; label: MessageId }) {
  const { values } = useForm();
  return (
    <TextInput
      name={name}
      label={label}
      type="datetime-local"
      hint={<DateZoneHint iso={fromLocalInput(values.text[name] ?? '')} />}
    />
  );
}

/** The titles in both languages and the address: the first fields of a new auction and of its set-up. */
export function TitlesAndAddress() {
  return (
    <>
      <TextInput name="translations.fr.titleShort" label="console.setup.field.titleFr" />
      <TextInput name="translations.en.titleShort" label="console.setup.field.titleEn" />
      <TextInput
        name="urlMagicLink"
        label="console.setup.field.urlMagicLink"
        hint={<FormattedMessage id="console.setup.urlMagicLinkHint" />}
      />
    </>
  );
}

/** Spec 001 §3 auction types. */
export const AUCTION_TYPES = [
  { value: String(AuctionType.Public), label: 'console.setup.type.public' },
  { value: String(AuctionType.PrivateEvent), label: 'console.setup.type.private' },
] as const;

/** A titled group of the form (General, Dates, …). */
export function FormGroup({ title, children }: { title: MessageId; children: ReactNode }) {
  return (
    <fieldset className="setup__group">
      <legend>
        <FormattedMessage id={title} />
      </legend>
      <div className="setup__fields">{children}</div>
    </fieldset>
  );
}
