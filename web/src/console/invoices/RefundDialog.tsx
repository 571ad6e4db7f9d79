import { type InvoiceRefund, MANUAL_PAYMENT_METHODS, type RefundableLine, type RefundMethod } from '@auction/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field } from '../../account/Field.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { textIn } from '../../i18n/textIn.ts';
import { centsToInput, parseAmount } from '../../lib/money.ts';
import { showToast, type ToastKind } from '../../live/toasts.tsx';
import { ConsoleFormDialog } from '../ConsoleFormDialog.tsx';
import { ReasonField } from '../ReasonField.tsx';
import type { InvoiceDialogProps } from './invoiceDialogProps.ts';
import { MethodChoices } from './MethodChoices.tsx';
import { consoleInvoiceMutations } from './queries.ts';
import { useInvoiceCommand } from './useInvoiceCommand.ts';

type Missing =
  | 'invalid_amount'
  | 'refund_exceeds_paid_amount'
  | 'refund_exceeds_charge_amount'
  | 'refund_exceeds_line_amount'
  | 'refund_reason_required';

/** A refund Stripe refused (a retry of a refused command answers it again) is no success. */
const TOAST_OF: Record<InvoiceRefund['status'], ToastKind> = {
  succeeded: 'success',
  pending: 'info',
  failed: 'warning',
  canceled: 'warning',
};

/**
 * Gives money back on a paid invoice (docs/payments.md "Refunds", "Giving back money paid by
 * hand"): on the card it was paid with, or, for money paid by hand, recorded as handed back in
 * cash, by cheque or otherwise. How it goes back is chosen first where both are possible; then what
 * can go back that way and what the bidder sees, the amount (all of it unless changed) and the
 * reason, which is required and kept with the refund. Checked here before anything is sent; the
 * API's refusals (Stripe's among them) stay in the dialog.
 */
export function RefundDialog({ auctionId, invoice, onClose }: InvoiceDialogProps) {
  const locale = useLocale();
  const mutation = useMutation(consoleInvoiceMutations.refund());
  const { errors, send } = useInvoiceCommand(auctionId, onClose);
  const methods: RefundMethod[] = [
    ...(invoice.refundableCents > 0 ? (['card'] as const) : []),
    ...(invoice.handRefundableCents > 0 ? MANUAL_PAYMENT_METHODS : []),
  ];
  // Each kind of money goes back its own way, up to what that kind paid; on the card, up to what
  // one charge has left (an invoice charged twice gives the rest back in a second refund).
  const refundableBy = (way: RefundMethod) =>
    way === 'card' ? invoice.cardRefundableAtOnceCents : invoice.handRefundableCents;
  const chargedTwice = invoice.cardRefundableAtOnceCents < invoice.refundableCents;
  const [method, setMethod] = useState<RefundMethod>(methods[0] ?? 'card');
  const byCard = method === 'card';
  const refundable = refundableBy(method);
  // What the refund takes back: the invoice as a whole, or one of its lines (a lot not delivered).
  const [lineId, setLineId] = useState('');
  const line = invoice.lines.find((candidate) => candidate.id === lineId);
  // What can go back that way, and for the line chosen when one is.
  const limitOf = (chosen: RefundableLine | undefined, way: RefundMethod) =>
    chosen ? Math.min(chosen.refundableCents, refundableBy(way)) : refundableBy(way);
  const limit = limitOf(line, method);
  const [amount, setAmount] = useState(() => centsToInput(refundable, locale));
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
        : cents > refundable
          ? byCard && cents <= invoice.refundableCents
            ? 'refund_exceeds_charge_amount'
            : 'refund_exceeds_paid_amount'
          : line && cents > line.refundableCents
            ? 'refund_exceeds_line_amount'
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
          method,
          ...(line ? { lineId: line.id } : {}),
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
    <ConsoleFormDialog
      title={<FormattedMessage id="console.invoices.refundTitle" values={{ number: invoice.number }} />}
      onClose={onClose}
      onSubmit={submit}
      errors={errors}
      cancel="console.cancel"
      submit={byCard ? 'console.invoices.refundSubmit' : 'console.invoices.handRefundSubmit'}
      pending={mutation.isPending}
    >
      {methods.length > 1 && (
        <MethodChoices
          legend="console.invoices.refundMethod"
          name="refund-method"
          options={methods}
          value={method}
          onChange={(chosen) => {
            setMethod(chosen);
            // The whole of what can go back that way (for the line chosen), as when the dialog opened.
            setAmount(centsToInput(limitOf(line, chosen), locale));
            setMissing(null);
          }}
        />
      )}
      <p>
        <FormattedMessage
          id={byCard ? 'console.invoices.refundConsequence' : 'console.invoices.handRefundConsequence'}
          values={{ refundable: money(limit), customer: invoice.customerName }}
        />
      </p>
      {byCard && chargedTwice && (
        <p>
          <FormattedMessage
            id="console.invoices.refundChargedTwice"
            values={{ refundable: money(invoice.refundableCents), atOnce: money(invoice.cardRefundableAtOnceCents) }}
          />
        </p>
      )}
      {invoice.receiptNumber !== null && (
        <p>
          <FormattedMessage
            id="console.invoices.refundReceipt"
            values={{ number: invoice.receiptNumber, customer: invoice.customerName }}
          />
        </p>
      )}
      {invoice.lines.length > 0 && (
        <LineChoice
          lines={invoice.lines}
          value={lineId}
          money={money}
          onChange={(chosen) => {
            setLineId(chosen);
            const picked = invoice.lines.find((candidate) => candidate.id === chosen);
            setAmount(centsToInput(limitOf(picked, method), locale));
            setMissing(null);
          }}
        />
      )}
      <Field
        label={<FormattedMessage id="console.invoices.refundAmount" />}
        inputMode="decimal"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          if (missing !== 'refund_reason_required') setMissing(null);
        }}
        error={
          missing === 'invalid_amount' ||
          missing === 'refund_exceeds_paid_amount' ||
          missing === 'refund_exceeds_charge_amount' ||
          missing === 'refund_exceeds_line_amount'
            ? missing
            : undefined
        }
        required
      />
      <ReasonField
        label="console.invoices.refundReason"
        value={reason}
        onChange={setReason}
        missing={missing === 'refund_reason_required' ? missing : undefined}
        onWritten={() => setMissing((was) => (was === 'refund_reason_required' ? null : was))}
      />
    </ConsoleFormDialog>
  );
}

/**
 * Which line the refund takes back: a lot not delivered or returned is named, so the donation
 * receipt takes the refund out of that lot (its price, not its taxes) and keeps the other lots'
 * gifts (docs/payments.md "A refund for one line"). Each line says what it cost with its taxes
 * and what can still go back for it.
 */
function LineChoice({
  lines,
  value,
  money,
  onChange,
}: {
  lines: readonly RefundableLine[];
  value: string;
  money: (cents: number) => string;
  onChange: (lineId: string) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="console.invoices.refundFor" />
      </label>
      <select id={id} value={value} aria-describedby={hintId} onChange={(event) => onChange(event.target.value)}>
        <option value="">{intl.formatMessage({ id: 'console.invoices.refundForWhole' })}</option>
        {lines.map((line) => (
          <option key={line.id} value={line.id} disabled={line.refundableCents === 0}>
            {intl.formatMessage(
              {
                id:
                  line.kind === 'donation'
                    ? 'console.invoices.refundForDonation'
                    : line.cardFeeCents > 0
                      ? 'console.invoices.refundForLotWithFee'
                      : 'console.invoices.refundForLot',
              },
              {
                number: line.lotNumber ?? '',
                name: textIn(line.description, locale),
                cost: money(line.costCents),
                left: money(line.refundableCents),
              },
            )}
          </option>
        ))}
      </select>
      <p className="field__hint" id={hintId}>
        <FormattedMessage id="console.invoices.refundForHint" />
      </p>
    </div>
  );
}
