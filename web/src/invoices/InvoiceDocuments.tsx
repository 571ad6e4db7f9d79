import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { formatMoney } from '../i18n/format.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { showError } from '../lib/errors.ts';
import { toCents } from '../lib/money.ts';
import { invoiceMutations } from './queries.ts';
import type { Invoice } from './types.ts';

/** Saves a downloaded file under its name (the browser's own download, from memory). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The invoice as a PDF, and for a paid invoice that earns one, its official donation receipt
 * (spec 000 §9). The refunds are the invoice's own section, with its payments.
 */
export function InvoiceDocuments({ invoice }: { invoice: Invoice }) {
  const locale = useLocale();
  const download = useMutation({ ...invoiceMutations.download(), onError: showError });
  const money = (value: Invoice['amount']) => formatMoney(toCents(value) ?? 0, locale);
  const receipt = invoice.donationReceipt;
  return (
    <div className="invoice-documents no-print">
      <button
        type="button"
        className="button button--secondary"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(invoice.pdfUrl, {
            onSuccess: (blob) => save(blob, `${locale === 'fr' ? 'facture' : 'invoice'}-${invoice.number}.pdf`),
          })
        }
      >
        <FormattedMessage id="invoice.downloadPdf" />
      </button>
      {receipt ? (
        <p>
          <FormattedMessage
            id="invoice.receipt"
            values={{ number: receipt.number, amount: money(receipt.eligibleAmount) }}
          />{' '}
          {receipt.replacesNumber ? (
            <>
              <FormattedMessage id="invoice.receiptReplaces" values={{ number: receipt.replacesNumber }} />{' '}
            </>
          ) : null}
          <button
            type="button"
            className="link-button"
            disabled={download.isPending}
            onClick={() =>
              download.mutate(receipt.url, {
                onSuccess: (blob) => save(blob, `${locale === 'fr' ? 'recu' : 'receipt'}-${receipt.number}.pdf`),
              })
            }
          >
            <FormattedMessage id="invoice.downloadReceipt" />
          </button>
        </p>
      ) : null}
    </div>
  );
}
