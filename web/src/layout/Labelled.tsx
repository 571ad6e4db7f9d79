import { type ReactNode, useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';

/**
 * A label, the control it names (given its id and error wiring), and under it the refusal, or else
 * the hint; the control is described by whichever is shown.
 * Bound to no form: any page's select, text box or file input takes its label and refusal from it.
 */
export function Labelled({
  label,
  error,
  hint,
  control,
}: {
  label: MessageId;
  error?: MessageId | undefined;
  hint?: MessageId;
  control: (wiring: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      {control(
        error
          ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` }
          : hint
            ? { id, 'aria-describedby': `${id}-hint` }
            : { id },
      )}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <FormattedMessage id={error} />
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          <FormattedMessage id={hint} />
        </p>
      ) : null}
    </div>
  );
}
