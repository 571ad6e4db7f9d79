import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RequireLogin } from '../account/ProfilePage.tsx';
import type { Profile } from '../account/types.ts';
import { formatDate, formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Labelled } from '../layout/Labelled.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { LoadError, Loading } from '../layout/QueryStatus.tsx';
import { ColumnHeads } from '../lib/ColumnHeads.tsx';
import { toCents } from '../lib/money.ts';
import { useMediaQuery } from '../lib/useMediaQuery.ts';
import { defaultPeriod, periodOptions, periodQuery } from './invoicePeriod.ts';
import { invoiceQueries } from './queries.ts';
import { SendInvoiceDialog } from './SendInvoiceDialog.tsx';
import type { InvoiceSummary } from './types.ts';
import './invoices.css';

/** Spec 001 §9: extra-small screens (below 36rem) get cards, wider ones the table. */
const WIDER_THAN_EXTRA_SMALL = '(min-width: 36rem)';

/**
 * Spec 000 §2 invoice list: the count, the period (past 3 months by default, the current year, or
 * one of the years the user has invoices in), a search, and each invoice with its auction, donation
 * icon, date, total, status, send-by-email button and link to its page.
 */
export function InvoiceListPage() {
  return (
    <section className="invoice-list-page">
      <PageTitle id="invoice.listTitle" />
      <RequireLogin>{(profile) => <InvoiceList profile={profile} />}</RequireLogin>
    </section>
  );
}

export function InvoiceList({
  profile,
  currentYear = new Date().getFullYear(),
}: {
  profile: Profile;
  currentYear?: number;
}) {
  const intl = useIntl();
  const [period, setPeriod] = useState(defaultPeriod);
  const [search, setSearch] = useState('');
  const [sending, setSending] = useState<string | null>(null);
  const list = useQuery(invoiceQueries.list(periodQuery(period, currentYear), search));
  const wide = useMediaQuery(WIDER_THAN_EXTRA_SMALL);
  const options = periodOptions(list.data?.years ?? [], currentYear);
  return (
    <>
      <div className="invoice-filters">
        <Labelled
          label="invoice.period"
          control={(wiring) => (
            <select {...wiring} value={period} onChange={(event) => setPeriod(event.target.value)}>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option === defaultPeriod
                    ? intl.formatMessage({ id: 'invoice.period.past3Months' })
                    : option === 'currentYear'
                      ? intl.formatMessage({ id: 'invoice.period.currentYear' })
                      : option}
                </option>
              ))}
            </select>
          )}
        />
        <Labelled
          label="invoice.search"
          control={(wiring) => (
            <input {...wiring} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          )}
        />
      </div>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <>
          <p className="invoice-count" aria-live="polite">
            <FormattedMessage id="invoice.count" values={{ count: list.data.count }} />
          </p>
          {list.data.invoices.length === 0 ? (
            <p className="alert alert--info">
              <FormattedMessage id="invoice.none" />
            </p>
          ) : wide ? (
            <InvoiceTable invoices={list.data.invoices} onSend={setSending} />
          ) : (
            <InvoiceCards invoices={list.data.invoices} onSend={setSending} />
          )}
        </>
      )}
      {sending ? (
        <SendInvoiceDialog stripeInvoiceId={sending} email={profile.bidder.email} onClose={() => setSending(null)} />
      ) : null}
    </>
  );
}

type RowsProps = { invoices: InvoiceSummary[]; onSend: (stripeInvoiceId: string) => void };

function useRowParts() {
  const locale = useLocale();
  const intl = useIntl();
  return (invoice: InvoiceSummary) => ({
    title: (
      <>
        {invoice.auctionName}
        {invoice.isDonation ? (
          <>
            {' '}
            <span className="donation-icon" role="img" aria-label={intl.formatMessage({ id: 'invoice.donation' })}>
              ♥
            </span>
          </>
        ) : null}
      </>
    ),
    number: intl.formatMessage({ id: 'invoice.number' }, { number: invoice.number }),
    date: formatDate(invoice.invoiceDate, locale),
    total: formatMoney(toCents(invoice.invoiceTotal) ?? 0, locale),
    status: <InvoiceStatus paid={invoice.isPaid} partly={invoice.isPartlyPaid} />,
    send: (onSend: RowsProps['onSend']) => (
      <button
        type="button"
        className="link-button"
        aria-label={intl.formatMessage({ id: 'invoice.sendLabel' }, { number: invoice.number })}
        onClick={() => onSend(invoice.stripeInvoiceId)}
      >
        <FormattedMessage id="invoice.send" />
      </button>
    ),
    view: (
      <Link
        to={pathFor('invoice', { stripeInvoiceId: invoice.stripeInvoiceId }, locale)}
        search={{ from: 'profile' }}
        aria-label={intl.formatMessage({ id: 'invoice.viewLabel' }, { number: invoice.number })}
      >
        <FormattedMessage id="invoice.view" />
      </Link>
    ),
  });
}

/**
 * Paid, partly paid (the organisation recorded part of it: less is owed than its total) or
 * unpaid, as the console's list says it.
 */
export function InvoiceStatus({ paid, partly = false }: { paid: boolean; partly?: boolean }) {
  const state = paid ? 'paid' : partly ? 'partly' : 'unpaid';
  return (
    <span className={`status-badge invoice-status invoice-status--${state}`}>
      <FormattedMessage id={`invoice.${state}`} />
    </span>
  );
}

function InvoiceTable({ invoices, onSend }: RowsProps) {
  const parts = useRowParts();
  return (
    <table className="invoice-table">
      <ColumnHeads
        columns={[
          'invoice.auction',
          'invoice.numberColumn',
          'invoice.date',
          { id: 'invoice.total', className: 'invoice-table__amount' },
          'invoice.status',
          { id: 'invoice.actions', visuallyHidden: true },
        ]}
      />
      <tbody>
        {invoices.map((invoice) => {
          const row = parts(invoice);
          return (
            <tr key={invoice.stripeInvoiceId}>
              <td>{row.title}</td>
              <td>{invoice.number}</td>
              <td>{row.date}</td>
              <td className="invoice-table__amount">{row.total}</td>
              <td>{row.status}</td>
              <td className="invoice-table__actions">
                {row.send(onSend)} {row.view}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function InvoiceCards({ invoices, onSend }: RowsProps) {
  const parts = useRowParts();
  return (
    <ul className="invoice-cards">
      {invoices.map((invoice) => {
        const row = parts(invoice);
        return (
          <li key={invoice.stripeInvoiceId} className="card invoice-card">
            <h2 className="invoice-card__title">{row.title}</h2>
            <p>
              {row.number} · {row.date}
            </p>
            <p className="invoice-card__total">
              {row.total} {row.status}
            </p>
            <p className="invoice-card__actions">
              {row.send(onSend)} {row.view}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
