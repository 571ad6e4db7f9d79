import { MANUAL_PAYMENT_METHODS, type ManualPaymentMethod } from '@auction/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field } from '../../account/Field.tsx';
import { ApiError } from '../../api/client.ts';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { centsToInput, parseAmount } from '../../lib/money.ts';
import { showToast } from '../../live/toasts.tsx';
import { ConsoleFormDialog } from '../ConsoleFormDialog.tsx';
import type { InvoiceDialogProps } from './invoiceDialogProps.ts';
import { MethodChoices } from './MethodChoices.tsx';
import { consoleInvoiceMutations } from './queries.ts';
import { useInvoiceCommand } from './useInvoiceCommand.ts';
import '../checkin/checkIn.css';
import './invoices.css';

/**
 * Records a payment made outside the product on one invoice: the consequence first (paid, or what
 * stays due), then amount, method and note; the server's refusal stays inside the dialog.
 */
export function RecordPaymentDialog({ auctionId, invoice, onClose }: InvoiceDialogProps) {
  const locale = useLocale();
  const mutation = useMutation(consoleInvoiceMutations.recordPayment());
  const { errors, setErrors, send } = useInvoiceCommand(auctionId, onClose);
  // What is due as the server last said: another operator may have recorded a payment since the
  // list was read, and the refusal then carries what is left.
  const [dueCents, setDueCents] = useState(invoice.dueCents);
  const [amount, setAmount] = useState(() => centsToInput(invoice.dueCents, locale));
  const [method, setMethod] = useState<ManualPaymentMethod>('cheque');
  const [note, setNote] = useState('');
  // One id for this dialog: a double click or a retry records the payment once.
  const [commandId] = useState(() => crypto.randomUUID());
  const cents = parseAmount(amount);
  const currency = invoice.currency === 'USD' ? 'USD' : 'CAD';
  const money = (value: number) => formatMoney(value, locale, currency);
  const left = cents === undefined ? null : dueCents - cents;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    if (cents === undefined || cents <= 0) {
      setErrors(['invalid_amount']);
      return;
    }
    if (cents > dueCents) {
      setErrors(['payment_exceeds_amount_due']);
      return;
    }
    await send(
      () =>
        mutation.mutateAsync({
          stripeInvoiceId: invoice.stripeInvoiceId,
          amountCents: cents,
          method,
          note: note.trim() || undefined,
          commandId,
        }),
      (answer) =>
        showToast('success', answer.invoice.dueCents === 0 ? 'console.invoices.recordedPaid' : 'payment_recorded', {
          number: invoice.number,
        }),
      (error) => {
        // More than is left now: the dialog offers what is left (an invoice paid meanwhile is said so).
        const left = error instanceof ApiError ? error.body.dueCents : undefined;
        if (typeof left !== 'number') return;
        setDueCents(left);
        setAmount(centsToInput(left, locale));
      },
    );
  }
  return (
    <ConsoleFormDialog
      title={<FormattedMessage id="console.invoices.recordTitle" values={{ number: invoice.number }} />}
      onClose={onClose}
      onSubmit={submit}
      errors={errors}
      cancel="console.cancel"
      submit="console.invoices.record"
      pending={mutation.isPending}
    >
      <p>
        {left !== null && left >= 0 ? (
          <FormattedMessage
            id={left === 0 ? 'console.invoices.recordPaid' : 'console.invoices.recordPartly'}
            values={{ customer: invoice.customerName, number: invoice.number, left: money(left) }}
          />
        ) : (
          <FormattedMessage
            id="console.invoices.recordDue"
            values={{ customer: invoice.customerName, due: money(dueCents) }}
          />
        )}
      </p>
      <Field
        label={<FormattedMessage id="console.invoices.amount" />}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        required
      />
      <MethodChoices
        legend="console.invoices.method"
        name="payment-method"
        options={MANUAL_PAYMENT_METHODS}
        value={method}
        onChange={setMethod}
      />
      <Field
        label={<FormattedMessage id="console.invoices.note" />}
        value={note}
        maxLength={500}
        placeholder=""
        onChange={(event) => setNote(event.target.value)}
      />
    </ConsoleFormDialog>
  );
}
