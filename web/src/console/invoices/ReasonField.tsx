import type { MessageId } from '../../i18n/messages.ts';
import { Labelled } from '../../layout/Labelled.tsx';

/**
 * Why an invoice command is made (a payment cancelled, a refund): required and kept with it for
 * the organisation's accounts. Its refusal, when shown, goes as soon as a reason is written.
 */
export function ReasonField({
  label,
  value,
  onChange,
  missing,
  onWritten,
}: {
  label: MessageId;
  value: string;
  onChange: (value: string) => void;
  /** The refusal to show when the reason was left blank, or undefined. */
  missing: MessageId | undefined;
  onWritten: () => void;
}) {
  return (
    <Labelled
      label={label}
      error={missing}
      control={(wiring) => (
        <textarea
          {...wiring}
          className="invoices__reason"
          rows={3}
          maxLength={500}
          required
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            if (event.target.value.trim()) onWritten();
          }}
        />
      )}
    />
  );
}
