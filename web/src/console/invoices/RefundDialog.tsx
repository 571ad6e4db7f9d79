import type { InvoiceRefund } from '@auction/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field } from '../../account/Field.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { centsToInput, parseAmount } from '../../lib/money.ts';
import { showToast, type ToastKind } from '../../live/toasts.tsx';
import { type InvoiceDialogProps, InvoiceFormDialog } from './InvoiceFormDialog.tsx';
import { consoleInvoiceMutations } from './queries.ts';
import { ReasonField } from './ReasonField.tsx';
import { useInvoiceCommand } from './useInvoiceCommand.ts';

type Missing = 'invalid_amount' | 'refund_exceeds_paid_amount' | 'refund_reason_required';

/** A refund Stripe refused (a retry of a refused command answers it again) is no success. */
const TOAST_OF: Record<InvoiceRefund['status'], ToastKind> = {
  succeeded: 'success',
  pending: 'info',
  failed: 'warning',
  canceled: 'warning',
};

/**
 * Gives money back on the card a paid invoice was paid with (docs/payments.md "Refunds"): what can
 * go back and what the bidder sees first, then the amount (all of it unless changed) and the
 * reason, which is required and kept with the refund. Checked here before anything is sent; the
 * API's refusals (Stripe's among them) stay in the dialog.
 */
export function RefundDialog({ auctionId, invoice, onClose }: InvoiceDialogProps) {
  const locale = useLocale();
  const mutation = useMutation(consoleInvoiceMutations.refund());
  const { errors, send } = useInvoiceCommand(auctionId, onClose);
  const [amount, setAmount] = useState(() => centsToInput(invoice.refundableCents, locale));
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<Missing | null>(null);
  // One id for this dialog: a double click or a retry after a timeout refunds once (Stripe's idempotency key).
  const [commandId] = useState(() => crypto.randomUUID());
  const money = (cents: number) => formatMoney(cents, locale, invoice.currency === 'USD' ? 'USD' : 'CAD');
  const cents = parseAmount(amount);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem: Missing | null =
      cents === undefined || cents <= 0
        ? 'invalid_amount'
        : cents > invoice.refundableCents
          ? 'refund_exceeds_paid_amount'
          : !reason.trim()
            ? 'refund_reason_required'
            : null;
    setMissing(problem);
    if (problem || cents === undefined) return;
    await send(
      () =>
        mutation.mutateAsync({
          stripeInvoiceId: invoice.stripeInvoiceId,
          amountCents: cents,
          reason: reason.trim(),
          commandId,
        }),
      (answer) =>
        showToast(TOAST_OF[answer.refund.status], 'console.invoices.refunded', {
          amount: money(cents),
          number: invoice.number,
          status: answer.refund.status,
        }),
    );
  }
  return (
    <InvoiceFormDialog
      title={<FormattedMessage id="console.invoices.refundTitle" values={{ number: invoice.number }} />}
      onClose={onClose}
      onSubmit={submit}
      errors={errors}
      cancel="console.cancel"
      submit="console.invoices.refundSubmit"
      pending={mutation.isPending}
    >
      <p>
        <FormattedMessage
          id="console.invoices.refundConsequence"
          values={{ refundable: money(invoice.refundableCents), customer: invoice.customerName }}
        />
      </p>
      {invoice.receiptNumber !== null && (
        <p>
          <FormattedMessage
            id="console.invoices.refundReceipt"
            values={{ number: invoice.receiptNumber, customer: invoice.customerName }}
          />
        </p>
      )}
      <Field
        label={<FormattedMessage id="console.invoices.refundAmount" />}
        inputMode="decimal"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          if (missing !== 'refund_reason_required') setMissing(null);
        }}
        error={missing === 'invalid_amount' || missing === 'refund_exceeds_paid_amount' ? missing : undefined}
        required
      />
      <ReasonField
        label="console.invoices.refundReason"
        value={reason}
        onChange={setReason}
        missing={missing === 'refund_reason_required' ? missing : undefined}
        onWritten={() => setMissing((was) => (was === 'refund_reason_required' ? null : was))}
      />
    </InvoiceFormDialog>
  );
}
