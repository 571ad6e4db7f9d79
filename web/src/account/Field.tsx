import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';
import { serverMessageId } from '../i18n/messages.ts';
import { useMissingField } from '../layout/Form.tsx';

/** A labelled input with its error tied to it (aria-describedby), so screen readers read both. */
export function Field({
  label,
  error,
  hint,
  ...input
}: { label: ReactNode; error?: MessageId | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const missing = useMissingField(id);
  const invalid = Boolean(error || missing);
  const described = [invalid ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={invalid || undefined} aria-describedby={described || undefined} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} missing={missing} />
    </div>
  );
}

/** A search box: its label and placeholder from the catalogs, its text handed on as typed. */
export function SearchField({
  label,
  placeholder,
  onText,
  ...input
}: {
  label: MessageId;
  placeholder?: MessageId;
  onText: (text: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'placeholder' | 'onChange'> & { hint?: ReactNode }) {
  const intl = useIntl();
  return (
    <Field
      label={<FormattedMessage id={label} />}
      type="search"
      placeholder={placeholder ? intl.formatMessage({ id: placeholder }) : undefined}
      onChange={(event) => onText(event.target.value)}
      {...input}
    />
  );
}

/** The field's own error, or spec 000 §5's "The field {field} is required" after an empty submit. */
function FieldError({
  id,
  error,
  missing,
}: {
  id: string;
  error?: MessageId | undefined;
  missing: string | undefined;
}) {
  if (!error && missing === undefined) return null;
  return (
    <p id={id} className="field-error">
      {error ? <FormattedMessage id={error} /> : <FormattedMessage id="field.required" values={{ field: missing }} />}
    </p>
  );
}

/** A password input with its show/hide toggle (spec 000 §2). */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  error,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: MessageId | undefined;
}) {
  const intl = useIntl();
  const id = useId();
  const missing = useMissingField(id);
  const invalid = Boolean(error || missing);
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__row">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          required
          autoComplete={autoComplete}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={shown}
          aria-label={intl.formatMessage({ id: 'password.show' })}
          onClick={() => setShown(!shown)}
        >
          <FormattedMessage id={shown ? 'password.hideShort' : 'password.showShort'} />
        </button>
      </div>
      <FieldError id={`${id}-error`} error={error} missing={missing} />
    </div>
  );
}

/** Server messages in a red list (spec 000 §8). */
export function MessageList({ keys }: { keys: string[] }) {
  if (keys.length === 0) return null;
  return (
    <ul className="message-list" role="alert">
      {keys.map((key) => (
        <li key={key}>
          <FormattedMessage id={serverMessageId(key)} />
        </li>
      ))}
    </ul>
  );
}

/** (NNN) NNN-NNNN as the user types (spec 000 §5 mask); 14 characters when complete. */
export function formatPhoneInput(text: string): string {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^1(?=\d{10})/, '')
    .slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const COMPLETE_PHONE_LENGTH = 14;
