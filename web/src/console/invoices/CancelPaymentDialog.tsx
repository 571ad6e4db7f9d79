import { InvoiceStatus, type ManualPayment } from '@auction/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleFormDialog } from '../ConsoleFormDialog.tsx';
import { ReasonField } from '../ReasonField.tsx';
import type { InvoiceDialogProps } from './invoiceDialogProps.ts';
import { METHOD_KEYS } from './MethodChoices.tsx';
import { consoleInvoiceMutations } from './queries.ts';
import { useInvoiceCommand } from './useInvoiceCommand.ts';

/**
 * Cancels a payment recorded by hand (docs/payments.md "Cancelling a payment recorded by hand"):
 * what the invoice will owe first and, on an invoice paid by hand, that it goes back to unpaid, its
 * receipt is voided and the bidder told; then the reason, which is required and kept on the
 * payment. The payment stays listed, struck out.
 */
export function CancelPaymentDialog({
  auctionId,
  invoice,
  payment,
  onClose,
}: InvoiceDialogProps & { payment: ManualPayment }) {
  const intl = useIntl();
  const locale = useLocale();
  const mutation = useMutation(consoleInvoiceMutations.cancelPayment());
  const { errors, send } = useInvoiceCommand(auctionId, onClose);
  const [reason, setReason] = useState('');
  // Checked here before sending; the API's refusals go to the message list.
  const [reasonMissing, setReasonMissing] = useState(false);
  // One id for this dialog: a double click or a retry cancels once.
  const [commandId] = useState(() => crypto.randomUUID());
  const money = (cents: number) => formatMoney(cents, locale, invoice.currency === 'USD' ? 'USD' : 'CAD');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonMissing(true);
      return;
    }
    await send(
      () =>
        mutation.mutateAsync({
          stripeInvoiceId: invoice.stripeInvoiceId,
          paymentId: payment.id,
          reason: reason.trim(),
          commandId,
        }),
      () => showToast('success', 'payment_cancelled'),
    );
  }
  return (
    <ConsoleFormDialog
      title={<FormattedMessage id="console.invoices.cancelTitle" values={{ number: invoice.number }} />}
      onClose={onClose}
      onSubmit={submit}
      errors={errors}
      cancel="console.invoices.keepPayment"
      submit="console.invoices.cancelPayment"
      pending={mutation.isPending}
    >
      <p>
        <FormattedMessage
          id="console.invoices.cancelConsequence"
          values={{
            amount: money(payment.amountCents),
            method: intl.formatMessage({ id: METHOD_KEYS[payment.method] }),
            number: invoice.number,
            due: money(invoice.dueCents + payment.amountCents),
          }}
        />
      </p>
      {invoice.status === InvoiceStatus.Paid && (
        <p>
          <FormattedMessage
            id="console.invoices.reopenConsequence"
            values={{ receipt: invoice.receiptNumber ?? 'none', name: invoice.customerName }}
          />
        </p>
      )}
      <ReasonField
        label="console.invoices.cancelReason"
        value={reason}
        onChange={setReason}
        missing={reasonMissing ? 'payment_cancellation_reason_required' : undefined}
        onWritten={() => setReasonMissing(false)}
      />
    </ConsoleFormDialog>
  );
}
