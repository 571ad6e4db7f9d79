import { useIntl } from 'react-intl';

/** An amount typed in either language's separators, with − and + steps when `onStep` is given. */
export function AmountField({
  id,
  label,
  value,
  onChange,
  onBlur,
  onStep,
  errorId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  onStep?: (direction: -1 | 1) => void;
  /** The message saying what is wrong with the value, shown beside the field. */
  errorId?: string;
}) {
  const intl = useIntl();
  return (
    <div className="amount-field">
      <label htmlFor={id}>{label}</label>
      <div className="amount-field__row">
        {onStep ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onStep(-1)}
            aria-label={intl.formatMessage({ id: 'bid.decrease' })}
          >
            −
          </button>
        ) : null}
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {onStep ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onStep(1)}
            aria-label={intl.formatMessage({ id: 'bid.increase' })}
          >
            +
          </button>
        ) : null}
      </div>
    </div>
  );
}
