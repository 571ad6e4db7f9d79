import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';
import { DialogActions } from './DialogActions.tsx';

/**
 * A form's last row: the way out (cancel, back to the list) beside the submit button, which is
 * disabled while the form is being sent so a second press sends nothing more.
 */
export function FormActions({
  className,
  cancel,
  onCancel,
  submit,
  pending = false,
}: {
  className?: string;
  cancel: MessageId;
  onCancel: () => void;
  submit: MessageId;
  pending?: boolean;
}) {
  return (
    <DialogActions className={className} cancel={cancel} onCancel={onCancel}>
      <button type="submit" className="button" disabled={pending}>
        <FormattedMessage id={submit} />
      </button>
    </DialogActions>
  );
}
