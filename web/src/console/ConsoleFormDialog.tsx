import type { FormEvent, ReactNode } from 'react';
import { MessageList } from '../account/Field.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { FormActions } from '../layout/FormActions.tsx';

/**
 * The frame of a console command that needs fields (recording or cancelling a payment, a refund,
 * a message to a guest): a dialog that is one form, whose fields come first, then the API's
 * refusals, then the way out beside the command, which is disabled while it is sent. Closing the
 * dialog is the way out. A command without fields uses ConsoleConfirm.
 */
export function ConsoleFormDialog({
  title,
  onClose,
  onSubmit,
  errors,
  cancel,
  submit,
  pending,
  wide = false,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  errors: string[];
  cancel: MessageId;
  submit: MessageId;
  pending: boolean;
  /** A long form (a whole message to change) gets the wide dialog on a large screen. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={title} wide={wide}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {children}
        <MessageList keys={errors} />
        <FormActions
          className="console__dialog-actions"
          cancel={cancel}
          onCancel={onClose}
          submit={submit}
          pending={pending}
        />
      </form>
    </Dialog>
  );
}
