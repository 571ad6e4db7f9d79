import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';

/**
 * One choice among a few, as radio buttons under their legend (a language, a payment method, a
 * recovery method): a native group, so the arrow keys move between choices and a screen reader
 * reads the legend with each.
 */
export function RadioChoices<T extends string>({
  legend,
  name,
  options,
  labelOf,
  value,
  onChange,
  className = 'form__group',
  labelClassName,
}: {
  legend: MessageId;
  name: string;
  options: readonly T[];
  labelOf: (option: T) => MessageId;
  value: T;
  onChange: (option: T) => void;
  className?: string;
  labelClassName?: string;
}) {
  return (
    <fieldset className={className}>
      <legend>
        <FormattedMessage id={legend} />
      </legend>
      {options.map((option) => (
        <label key={option} className={labelClassName}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          <FormattedMessage id={labelOf(option)} />
        </label>
      ))}
    </fieldset>
  );
}
