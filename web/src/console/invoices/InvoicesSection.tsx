import {
  type AuctionInvoice,
  INVOICE_PAGE_SIZES,
  INVOICE_STATES,
  type InvoiceState,
  type ManualPayment,
} from '@auction/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import type { MessageId } from '../../i18n/messages.ts';
import { pathFor } from '../../i18n/routes.ts';
import { SendInvoiceDialog } from '../../invoices/SendInvoiceDialog.tsx';
import { LoadError, Loading } from '../../layout/QueryStatus.tsx';
import { ListTable } from '../../lib/listTable/ListTable.tsx';
import { initialQuery, type ListQuery } from '../../lib/listTable/listTableRules.ts';
import type { AuctionSectionProps } from '../sections/sectionProps.ts';
import { auctionInvoiceQuery } from './auctionInvoiceQuery.ts';
import { CancelPaymentDialog } from './CancelPaymentDialog.tsx';
import { METHOD_KEYS } from './MethodChoices.tsx';
import { consoleInvoiceQueries } from './queries.ts';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';
import { RefundDialog } from './RefundDialog.tsx';
import './invoices.css';

type Invoice = AuctionInvoice;

const STATE_KEYS: Record<InvoiceState, MessageId> = {
  paid: 'console.invoices.state.paid',
  partly: 'console.invoices.state.partly',
  unpaid: 'console.invoices.state.unpaid',
};

/** The auction's invoices: totals raised, paid, unpaid and refunded; resend; payments recorded by hand; refunds. */
export function ConsoleInvoices({ auctionId, organizationId }: { auctionId: number; organizationId: number }) {
  const intl = useIntl();
  const locale = useLocale();
  const [query, setQuery] = useState<ListQuery>(() => initialQuery(25, { column: 'number', direction: 'asc' }));
  const invoices = useQuery(consoleInvoiceQueries.page(auctionId, auctionInvoiceQuery(query)));
  const [recording, setRecording] = useState<Invoice | null>(null);
  const [sending, setSending] = useState<Invoice | null>(null);
  const [refunding, setRefunding] = useState<Invoice | null>(null);
  const [cancelling, setCancelling] = useState<{ invoice: Invoice; payment: ManualPayment } | null>(null);
  if (invoices.isPending) return <Loading />;
  if (invoices.isError) return <LoadError onRetry={() => invoices.refetch()} />;
  const { data } = invoices;
  const currency = data.currency === 'USD' ? 'USD' : 'CAD';
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const state = (invoice: Invoice) => (
    <>
      <FormattedMessage id={STATE_KEYS[invoice.state]} />
      {invoice.paymentInProgress && (
        <span className="console__badge">
          {' '}
          <FormattedMessage id="console.invoices.inProgress" />
        </span>
      )}
      {invoice.manualPayments.length > 0 && (
        <ul className="invoices__manual">
          {invoice.manualPayments.map((payment) => (
            <li key={payment.id} className="console__muted">
              <span className={payment.cancelledAt ? 'invoices__cancelled' : undefined}>
                <FormattedMessage
                  id="console.invoices.manualLine"
                  values={{
                    amount: money(payment.amountCents),
                    method: intl.formatMessage({ id: METHOD_KEYS[payment.method] }),
                    by: payment.recordedBy ?? '',
                    date: when(payment.recordedAt),
                  }}
                />
                {payment.note ? ` · ${payment.note}` : ''}
              </span>
              {payment.cancelledAt ? (
                <div>
                  <FormattedMessage
                    id="console.invoices.cancelledLine"
                    values={{
                      by: payment.cancelledBy ?? '',
                      date: when(payment.cancelledAt),
                      reason: payment.cancelReason ?? '',
                    }}
                  />
                </div>
              ) : invoice.paymentsCancellable && !invoice.ownInvoice ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="invoices__cancel"
                    aria-label={intl.formatMessage(
                      { id: 'console.invoices.cancelLabel' },
                      { amount: money(payment.amountCents), number: invoice.number },
                    )}
                    onClick={() => setCancelling({ invoice, payment })}
                  >
                    <FormattedMessage id="console.invoices.cancel" />
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {invoice.refunds.length > 0 && (
        <ul className="invoices__manual">
          {invoice.refunds.map((refund) => (
            <li
              key={refund.id}
              className={
                refund.status === 'failed' || refund.status === 'canceled'
                  ? 'console__muted invoices__cancelled'
                  : 'console__muted'
              }
            >
              <FormattedMessage
                id="console.invoices.refundLine"
                values={{
                  amount: money(refund.amountCents),
                  by: refund.requestedBy ?? '',
                  date: when(refund.requestedAt),
                  status: refund.status,
                  method: refund.method,
                  reason: refund.reason,
                }}
              />
              {refund.lineId ? (
                <>
                  {' '}
                  <FormattedMessage
                    id="console.invoices.refundForLotShort"
                    values={{ number: invoice.lines.find((line) => line.id === refund.lineId)?.lotNumber ?? '' }}
                  />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
  // Their own invoice's money is another organizer's to record (the API refuses it): said, not offered.
  const actions = (invoice: Invoice) => (
    <div className="console__roles">
      {invoice.ownInvoice && (
        <span className="console__muted">
          <FormattedMessage id="console.invoices.ownInvoice" />
        </span>
      )}
      {!invoice.ownInvoice && invoice.dueCents > 0 && !invoice.paymentInProgress && (
        <button
          type="button"
          className="console__role"
          aria-label={intl.formatMessage({ id: 'console.invoices.recordLabel' }, { number: invoice.number })}
          onClick={() => setRecording(invoice)}
        >
          <FormattedMessage id="console.invoices.record" />
        </button>
      )}
      {!invoice.ownInvoice && invoice.refundableCents + invoice.handRefundableCents > 0 && (
        <button
          type="button"
          className="console__role"
          aria-label={intl.formatMessage({ id: 'console.invoices.refundLabel' }, { number: invoice.number })}
          onClick={() => setRefunding(invoice)}
        >
          <FormattedMessage id="console.invoices.refund" />
        </button>
      )}
      <button
        type="button"
        className="console__role"
        aria-label={intl.formatMessage({ id: 'console.invoices.resendLabel' }, { number: invoice.number })}
        onClick={() => setSending(invoice)}
      >
        <FormattedMessage id="console.invoices.resend" />
      </button>
      <Link
        className="console__role"
        to={pathFor('invoice', { stripeInvoiceId: invoice.stripeInvoiceId }, locale)}
        // The invoice page links back here: to this organisation's auction, on its invoices.
        search={{ from: 'console', organisation: organizationId, encan: auctionId }}
        aria-label={intl.formatMessage({ id: 'console.invoices.openLabel' }, { number: invoice.number })}
      >
        <FormattedMessage id="console.invoices.open" />
      </Link>
    </div>
  );
  return (
    <>
      <dl className="invoices__totals">
        {(
          [
            ['console.invoices.raised', data.raisedCents],
            ['console.invoices.paid', data.paidCents],
            ['console.invoices.unpaid', data.unpaidCents],
            ['console.invoices.refundedTotal', data.refundedCents],
          ] as const
        ).map(([label, cents]) => (
          <div key={label}>
            <dt>
              <FormattedMessage id={label} />
            </dt>
            <dd>{money(cents)}</dd>
          </div>
        ))}
      </dl>
      <ListTable<Invoice>
        title={<FormattedMessage id="console.nav.invoices" />}
        titleLevel={2}
        rows={data.invoices}
        count={data.count}
        rowKey={(invoice) => invoice.stripeInvoiceId}
        pageSizes={INVOICE_PAGE_SIZES}
        query={{ ...query, currentPage: data.currentPage }}
        onQueryChange={setQuery}
        busy={invoices.isPlaceholderData}
        empty={<FormattedMessage id={data.invoiceCount === 0 ? 'console.invoices.empty' : 'no_matching_result'} />}
        quickFilters={[{ id: 'due', label: <FormattedMessage id="console.invoices.withDue" /> }]}
        sideFilters={[
          { kind: 'text', id: 'customer', label: <FormattedMessage id="console.invoices.search" /> },
          {
            kind: 'checkboxes',
            id: 'state',
            label: <FormattedMessage id="console.lots.status" />,
            options: INVOICE_STATES.map((value) => ({
              value,
              label: <FormattedMessage id={STATE_KEYS[value]} />,
            })),
          },
        ]}
        renderCard={(invoice) => (
          <div className="console__lot-card">
            <strong>
              #{invoice.number} · {invoice.customerName}
            </strong>
            <span>
              <FormattedMessage
                id="console.invoices.cardAmounts"
                values={{ total: money(invoice.totalCents), due: money(invoice.dueCents) }}
              />
            </span>
            <div>{state(invoice)}</div>
            {actions(invoice)}
          </div>
        )}
        columns={[
          {
            id: 'number',
            header: <FormattedMessage id="console.invoices.number" />,
            sortable: true,
            cell: (i) => `#${i.number}`,
          },
          {
            id: 'customer',
            header: <FormattedMessage id="console.invoices.customer" />,
            sortable: true,
            cell: (invoice) => (
              <>
                <strong>{invoice.customerName}</strong>
                {invoice.isDonation && (
                  <span className="console__badge">
                    {' '}
                    <FormattedMessage id="console.invoices.donation" />
                  </span>
                )}
                <div className="console__muted">{breakableEmail(invoice.customerEmail)}</div>
              </>
            ),
          },
          {
            id: 'total',
            header: <FormattedMessage id="console.invoices.total" />,
            sortable: true,
            cell: (i) => <span className="console-invoices__money">{money(i.totalCents)}</span>,
          },
          {
            id: 'due',
            header: <FormattedMessage id="console.invoices.due" />,
            sortable: true,
            cell: (i) => <span className="console-invoices__money">{money(i.dueCents)}</span>,
          },
          { id: 'state', header: <FormattedMessage id="console.lots.status" />, cell: state },
          { id: 'actions', header: <FormattedMessage id="console.lots.actions" />, cell: actions },
        ]}
      />
      {recording && (
        <RecordPaymentDialog auctionId={auctionId} invoice={recording} onClose={() => setRecording(null)} />
      )}
      {refunding && <RefundDialog auctionId={auctionId} invoice={refunding} onClose={() => setRefunding(null)} />}
      {cancelling && (
        <CancelPaymentDialog
          auctionId={auctionId}
          invoice={cancelling.invoice}
          payment={cancelling.payment}
          onClose={() => setCancelling(null)}
        />
      )}
      {sending && (
        <SendInvoiceDialog
          stripeInvoiceId={sending.stripeInvoiceId}
          email={sending.customerEmail}
          onClose={() => setSending(null)}
        />
      )}
    </>
  );
}

/** The auction's invoices and payments. */
export default function InvoicesSection({ auction }: AuctionSectionProps) {
  return <ConsoleInvoices auctionId={auction.id} organizationId={auction.organizationId} />;
}

/** An email that may wrap after its "@" in a narrow column, never inside a word ("bidder2@demo.l / ocal"). */
function breakableEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
