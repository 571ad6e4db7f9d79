import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';

/**
 * A dialog's last row: the way out first (it closes and sends nothing), then what the dialog is for
 * (its confirm button, or a form's submit: FormActions). The console's dialogs pass their own class
 * and catalog's cancel.
 */
export function DialogActions({
  className = 'dialog__actions',
  cancel = 'action.cancel',
  onCancel,
  children,
}: {
  className?: string;
  cancel?: MessageId;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        <FormattedMessage id={cancel} />
      </button>
      {children}
    </div>
  );
}
