import { InvoiceStatus } from '@auction/contract';
import { formatMoney } from '@auction/engine';
import { enqueueMessage, type MessageQueue } from '@auction/platform';
import type { Language } from '../i18n/localized.ts';
import type { ReceiptReplacement } from './donationReceipts.ts';
import type { InvoiceDocuments } from './invoiceDocuments.ts';
import type { InvoiceDetail, InvoiceRepository } from './invoiceRepository.ts';
import type { InvoiceReopening } from './manualPayments.ts';

/**
 * The invoice's emails, through the messages queue (docs/messages.md), each with its PDFs:
 * - `sendInvoice`: the invoice to an address its bidder or staff chose (spec 000 §7), each request a
 *   new message;
 * - `sendPaid`: once each time the invoice becomes paid (message id `invoice-paid:<id>:<paid at, ms>`,
 *   so a second call, from the webhook and the payment answer both settling, sends nothing more,
 *   while an invoice paid again after a cancelled payment reopened it is told again), with the
 *   donation receipt; nothing when the invoice is no longer paid by the time it runs;
 * - `sendReceiptReplaced`: once per replacement (message id `donation-receipt-replaced:<invoice id>:<voided
 *   number>:<replacement number>`), telling the donor their receipt is void, with its replacement;
 * - `sendReopened`: once per cancelled payment that reopened a paid invoice (message id
 *   `invoice-reopened:<payment id>`): what is due again, and the receipt voided with it.
 */
export interface InvoiceMail {
  sendInvoice(detail: InvoiceDetail, to: string, language: Language, requestId: string): Promise<void>;
  sendPaid(invoiceId: number): Promise<void>;
  sendReceiptReplaced(change: ReceiptReplacement): Promise<void>;
  sendReopened(reopening: InvoiceReopening): Promise<void>;
}

export function invoiceMail(deps: {
  invoices: InvoiceRepository;
  documents: InvoiceDocuments;
  messages: MessageQueue;
  publicUrl: string;
}): InvoiceMail {
  const { invoices, documents, messages } = deps;
  const link = (publicId: string, language: Language) =>
    new URL(language === 'fr' ? `/facture/${publicId}` : `/en/invoice/${publicId}`, deps.publicUrl).toString();
  const auctionName = (detail: InvoiceDetail, language: Language) =>
    detail.auctionNames.find((n) => n.languageCode === language)?.titleShort ??
    detail.auctionNames[0]?.titleShort ??
    detail.invoice.organization_name;

  return {
    async sendInvoice(detail, to, language, requestId) {
      await enqueueMessage(messages, {
        id: `auctionInvoiceEmail:${detail.invoice.id}:${requestId}`,
        channel: 'email',
        to,
        language,
        template: 'auctionInvoiceEmail',
        params: {
          invoiceNumber: String(detail.invoice.number),
          auctionName: auctionName(detail, language),
          amount: formatMoney(detail.invoice.total),
          link: link(detail.invoice.public_id, language),
        },
        attachments: await documents.attachments(detail, language, false),
      });
    },

    async sendPaid(invoiceId) {
      const row = await invoices.byId(invoiceId);
      if (!row?.paid_at || row.status !== InvoiceStatus.Paid) return;
      const detail = await invoices.detail(row);
      const language = detail.receipt?.language ?? detail.customer.language;
      await enqueueMessage(messages, {
        id: `invoice-paid:${invoiceId}:${row.paid_at.getTime()}`,
        channel: 'email',
        to: detail.customer.email,
        language,
        template: 'invoicePaidEmail',
        userId: row.bidder_id,
        params: {
          firstName: detail.customer.firstName,
          invoiceNumber: String(row.number),
          auctionName: auctionName(detail, language),
          amount: formatMoney(row.total),
          receiptNumber: detail.receipt ? String(detail.receipt.number) : '',
          link: link(row.public_id, language),
        },
        attachments: await documents.attachments(detail, language, true),
      });
    },

    async sendReceiptReplaced(change) {
      const row = await invoices.byId(change.invoiceId);
      if (!row) return;
      const detail = await invoices.detail(row);
      const language = detail.receipt?.language ?? detail.customer.language;
      // The replacement, unless another change has replaced it since.
      const file = detail.receipt?.number === change.replacement ? await documents.receiptAttachment(detail) : null;
      await enqueueMessage(messages, {
        id: `donation-receipt-replaced:${change.invoiceId}:${change.replaced}:${change.replacement ?? 'none'}`,
        channel: 'email',
        to: detail.customer.email,
        language,
        template: 'donationReceiptReplacedEmail',
        userId: row.bidder_id,
        params: {
          firstName: detail.customer.firstName,
          invoiceNumber: String(row.number),
          auctionName: auctionName(detail, language),
          replacedReceiptNumber: String(change.replaced),
          receiptNumber: change.replacement === null ? '' : String(change.replacement),
          link: link(row.public_id, language),
        },
        attachments: file ? [file] : [],
      });
    },

    async sendReopened(reopening) {
      const row = await invoices.byId(reopening.invoiceId);
      if (!row) return;
      const detail = await invoices.detail(row);
      const language = detail.customer.language;
      await enqueueMessage(messages, {
        id: `invoice-reopened:${reopening.paymentId}`,
        channel: 'email',
        to: detail.customer.email,
        language,
        template: 'invoiceReopenedEmail',
        userId: row.bidder_id,
        params: {
          firstName: detail.customer.firstName,
          invoiceNumber: String(row.number),
          auctionName: auctionName(detail, language),
          amount: formatMoney(reopening.amountCents),
          amountDue: formatMoney(reopening.dueCents),
          voidedReceiptNumber: reopening.voidedReceipt === null ? '' : String(reopening.voidedReceipt),
          link: link(row.public_id, language),
        },
      });
    },
  };
}
