import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RequireLogin } from '../account/ProfilePage.tsx';
import { ApiError } from '../api/client.ts';
import { formatDate, formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Form } from '../layout/Form.tsx';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { useDocumentTitle } from '../layout/useDocumentTitle.ts';
import { ColumnHeads } from '../lib/ColumnHeads.tsx';
import { showError } from '../lib/errors.ts';
import { toCents } from '../lib/money.ts';
import { useRouteParam, useSearchParam } from '../lib/useRoute.ts';
import { showToast } from '../live/toasts.tsx';
import { InvoiceDocuments } from './InvoiceDocuments.tsx';
import { InvoiceStatus } from './InvoiceListPage.tsx';
import { MoneyEvents } from './MoneyEvents.tsx';
import { PayInvoice } from './PayInvoice.tsx';
import { invoiceMutations, invoiceQueries } from './queries.ts';
import type { Invoice } from './types.ts';
import './invoices.css';

/** While Stripe has not confirmed a charge, the invoice is asked again this often until paid. */
const POLL_MS = 2_000;

/**
 * Spec 000 §2 invoice page: the invoice by its key, its print version (the browser's print, with
 * the print stylesheet), card payment while unpaid, and the business field. A back link returns
 * to the invoice list when the user came from the profile, to the console's invoices of the
 * auction when staff opened it there.
 */
export function InvoicePage() {
  const intl = useIntl();
  const locale = useLocale();
  const stripeInvoiceId = useRouteParam('stripeInvoiceId');
  const from = useSearchParam('from');
  const organisation = Number(useSearchParam('organisation')) || undefined;
  const encan = Number(useSearchParam('encan')) || undefined;
  useDocumentTitle(intl.formatMessage({ id: 'invoice.title' }));
  return (
    <section className="invoice-page">
      {from === 'profile' ? (
        <Link to={pathFor('invoiceList', {}, locale)} className="back-link no-print">
          <FormattedMessage id="invoice.backToList" />
        </Link>
      ) : from === 'console' ? (
        <Link
          to={pathFor('console', {}, locale)}
          search={{ organisation, encan, section: 'invoices' }}
          className="back-link no-print"
        >
          <FormattedMessage id="invoice.backToConsole" />
        </Link>
      ) : null}
      <RequireLogin>{() => <InvoiceScreen stripeInvoiceId={stripeInvoiceId} />}</RequireLogin>
    </section>
  );
}

export function InvoiceScreen({ stripeInvoiceId }: { stripeInvoiceId: string }) {
  const locale = useLocale();
  const [processing, setProcessing] = useState(false);
  const invoice = useQuery({
    // In the page's language: a switch of language reads it again, with its taxes and lines named so.
    ...invoiceQueries.detail(stripeInvoiceId, locale),
    // Spec 000 §4: a charge under way is followed until the invoice is paid.
    refetchInterval: (query) =>
      query.state.data && !query.state.data.isPaid && (processing || query.state.data.paymentInProgress)
        ? POLL_MS
        : false,
  });
  if (invoice.error instanceof ApiError && invoice.error.message === 'invoice_not_found') {
    return (
      <p className="alert alert--info" role="status">
        <FormattedMessage id="invoice_not_found" />
      </p>
    );
  }
  if (invoice.isError) return <LoadError onRetry={() => void invoice.refetch()} />;
  if (!invoice.data) return <Loading />;
  const data = invoice.data;
  return (
    <>
      <div className="invoice-page__tools no-print">
        <button type="button" className="button button--secondary" onClick={() => globalThis.print()}>
          <FormattedMessage id="invoice.print" />
        </button>
      </div>
      <InvoiceView invoice={data} />
      <InvoiceDocuments invoice={data} />
      {data.isPaid ? null : data.isViewerCustomer ? (
        <div className="no-print">
          <PayInvoice invoice={data} onProcessing={() => setProcessing(true)} />
        </div>
      ) : (
        // Staff of the organisation read the bidder's invoice: paying and its business are the bidder's.
        <p className="alert alert--info no-print" role="status">
          <FormattedMessage id="invoice.staffView" />
        </p>
      )}
    </>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const locale = useLocale();
  const money = (value: Parameters<typeof toCents>[0]) => formatMoney(toCents(value) ?? 0, locale);
  const customer = invoice.customer;
  const cityLine = [customer.city, customer.province, customer.postalCode].filter(Boolean).join(', ');
  return (
    <article className="card invoice" aria-labelledby="invoice-title">
      <header className="invoice__header">
        <div>
          <p className="invoice__organization">{invoice.billingFrom.name}</p>
          <h1 id="invoice-title" className="page__title">
            <FormattedMessage
              id={invoice.isDonation ? 'invoice.donationHeading' : 'invoice.heading'}
              values={{ number: invoice.number }}
            />
          </h1>
          <p>
            {invoice.auctionName} · {formatDate(invoice.invoiceDate, locale)}
          </p>
        </div>
        <p className="invoice__state">
          <InvoiceStatus
            paid={invoice.isPaid}
            partly={(toCents(invoice.amount) ?? 0) < (toCents(invoice.invoiceTotal) ?? 0)}
          />
        </p>
      </header>
      <section className="invoice__customer" aria-labelledby="invoice-customer">
        <h2 id="invoice-customer">
          <FormattedMessage id="invoice.billedTo" />
        </h2>
        <address>
          {customer.business ? (
            <>
              {customer.business}
              <br />
            </>
          ) : null}
          {customer.name}
          <br />
          {customer.address ? (
            <>
              {[customer.address, customer.apartment].filter(Boolean).join(', ')}
              <br />
            </>
          ) : null}
          {cityLine ? (
            <>
              {cityLine}
              <br />
            </>
          ) : null}
          {customer.email}
        </address>
        {invoice.isViewerCustomer ? <BusinessField invoice={invoice} /> : null}
      </section>
      <table className="invoice__lines">
        <caption className="visually-hidden">
          <FormattedMessage id="invoice.lines" />
        </caption>
        <ColumnHeads
          columns={[
            'invoice.line.description',
            { id: 'invoice.line.quantity', className: 'invoice__number' },
            { id: 'invoice.line.unitPrice', className: 'invoice__number invoice__unit' },
            { id: 'invoice.line.amount', className: 'invoice__number' },
          ]}
        />
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.lotNumber ? (
                  <span className="invoice__lot">
                    <FormattedMessage id="lot.number" values={{ number: line.lotNumber }} />{' '}
                  </span>
                ) : null}
                {line.description}
              </td>
              <td className="invoice__number">{line.quantity}</td>
              <td className="invoice__number invoice__unit">{money(line.unitPrice)}</td>
              <td className="invoice__number">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="invoice__totals">
        <div>
          <dt>
            <FormattedMessage id="invoice.subtotal" />
          </dt>
          <dd>{money(invoice.subtotal)}</dd>
        </div>
        {invoice.taxes.map((tax) => (
          <div key={tax.name}>
            <dt>
              <FormattedMessage
                id="invoice.tax"
                values={{ name: tax.name, rate: tax.rate.toLocaleString(locale === 'fr' ? 'fr-CA' : 'en-CA') }}
              />
            </dt>
            <dd>{money(tax.amount)}</dd>
          </div>
        ))}
        {(toCents(invoice.creditCardFee) ?? 0) > 0 ? (
          <div>
            <dt>
              <FormattedMessage id="invoice.cardFee" />
            </dt>
            <dd>{money(invoice.creditCardFee)}</dd>
          </div>
        ) : null}
        <div className="invoice__total">
          <dt>
            <FormattedMessage id="invoice.total" />
          </dt>
          <dd>{money(invoice.invoiceTotal)}</dd>
        </div>
        <div className="invoice__owed">
          <dt>
            <FormattedMessage id="invoice.amountOwed" />
          </dt>
          <dd>{money(invoice.amount)}</dd>
        </div>
      </dl>
      {invoice.payments.length || invoice.cancelledPayments.length ? (
        <MoneySection id="invoice-payments" title="invoice.payments">
          <MoneyEvents
            message="invoice.paymentLine"
            items={invoice.payments.filter((payment) => !isManual(payment))}
            dateOf={(payment) => payment.paymentDate}
            valuesOf={(payment) => ({ reference: payment.paymentConfirmationIdentifier })}
          />
          {/* Cash or cheques the organisation recorded (partly paid invoices show them too). */}
          <MoneyEvents
            message="invoice.paymentManualLine"
            items={invoice.payments.filter(isManual)}
            dateOf={(payment) => payment.paymentDate}
            valuesOf={(payment) => ({ method: payment.paymentConfirmationIdentifier })}
          />
          {/* A recording the organisation cancelled (a cheque that bounced): why the invoice owes it again. */}
          <MoneyEvents
            message="invoice.paymentCancelledLine"
            items={invoice.cancelledPayments}
            dateOf={(payment) => payment.paymentDate}
            valuesOf={(payment) => ({
              method: payment.methodName,
              cancelledDate: formatDate(payment.cancelledDate, locale),
            })}
          />
        </MoneySection>
      ) : null}
      {invoice.refunds.length ? (
        <MoneySection id="invoice-refunds" title="invoice.refunds">
          <MoneyEvents
            message="invoice.refundLine"
            items={invoice.refunds}
            dateOf={(refund) => refund.refundDate}
            valuesOf={(refund) => ({ status: refund.status, method: refund.method, lot: refundedLot(invoice, refund) })}
          />
        </MoneySection>
      ) : null}
    </article>
  );
}

/** A part of the invoice listing money that moved (its payments, its refunds), under its heading. */
function MoneySection({
  id,
  title,
  children,
}: {
  id: string;
  title: 'invoice.payments' | 'invoice.refunds';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        <FormattedMessage id={title} />
      </h2>
      {children}
    </section>
  );
}

/** The number of the lot a refund took back, when it names one (docs/payments.md "A refund for one line"). */
function refundedLot(invoice: Invoice, refund: Invoice['refunds'][number]): string {
  const line = refund.lineId ? invoice.lines.find((candidate) => candidate.id === refund.lineId) : undefined;
  return line?.lotNumber ? String(line.lotNumber) : 'none';
}

/** A payment the organisation recorded by hand (docs/payments.md), not a card charge. */
const isManual = (payment: Invoice['payments'][number]) => payment.method !== undefined && payment.method !== 'card';

/** Spec 000 §2: the customer's business on the invoice, saved with `saved_successfully`. */
function BusinessField({ invoice }: { invoice: Invoice }) {
  const locale = useLocale();
  const [value, setValue] = useState(invoice.customer.business ?? '');
  const save = useMutation({
    ...invoiceMutations.saveBusiness(invoice.stripeInvoiceId, locale),
    onSuccess: (answer) => showToast('success', answer.message),
    onError: showError,
  });
  return (
    <Form
      className="invoice__business no-print"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <label htmlFor="invoice-business">
        <FormattedMessage id="field.business" />
      </label>
      <div className="field__row">
        <input id="invoice-business" value={value} maxLength={200} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className="button button--secondary" disabled={save.isPending}>
          <FormattedMessage id="action.save" />
        </button>
      </div>
    </Form>
  );
}
