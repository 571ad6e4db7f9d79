import type { AuctionInvoice } from '@auction/contract';
import type { FormEvent, ReactNode } from 'react';
import { MessageList } from '../../account/Field.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { Dialog } from '../../layout/Dialog.tsx';
import { FormActions } from '../../layout/FormActions.tsx';

/** What every invoice command's dialog is given: the invoice, its auction (to read its list again) and the way out. */
export interface InvoiceDialogProps {
  auctionId: number;
  invoice: AuctionInvoice;
  onClose: () => void;
}

/**
 * The frame of the console's invoice commands (recording a payment, cancelling one): a dialog that
 * is one form, whose fields come first, then the API's refusals, then the way out beside the
 * command, which is disabled while it is sent. Closing the dialog is the way out.
 */
export function InvoiceFormDialog({
  title,
  onClose,
  onSubmit,
  errors,
  cancel,
  submit,
  pending,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  errors: string[];
  cancel: MessageId;
  submit: MessageId;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={title}>
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
