import type { MessageId } from '../i18n/messages.ts';
import { Labelled } from '../layout/Labelled.tsx';

/**
 * Why an operator's command is made (a bid removed, a stage sale corrected, a payment cancelled, a
 * refund): required, and kept with it for the auditors or the organisation's accounts. Its refusal,
 * when shown, goes as soon as a reason is written.
 */
export function ReasonField({
  label,
  hint,
  value,
  onChange,
  missing,
  onWritten,
}: {
  label: MessageId;
  hint?: MessageId;
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
      hint={hint}
      control={(wiring) => (
        <textarea
          {...wiring}
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
