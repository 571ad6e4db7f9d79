import { InvoiceStatus, percentOfPpm } from '@auction/contract';
import type { Db, MessageAttachment, Translations } from '@auction/platform';
import { type InvoiceDocument, invoicePdf, type ReceiptDocument, receiptPdf } from '@auction/platform/documents';
import type { Language } from '../i18n/localized.ts';
import { addressLines } from './donationReceipts.ts';
import { givesBack, manualMethodName } from './invoiceDto.ts';
import type { InvoiceDetail } from './invoiceRepository.ts';

/**
 * An invoice and its donation receipt as documents (PDF) in a chosen language: the print version,
 * the downloads and the emails' attachments are all made here from the invoice as it is stored.
 */
export interface InvoiceDocuments {
  invoicePdf(detail: InvoiceDetail, language: Language): Promise<Buffer>;
  /** The receipt's PDF in the donor's language, or null when the invoice has none. */
  receiptPdf(detail: InvoiceDetail): Promise<Buffer | null>;
  /** The invoice's PDF (and its receipt's, when asked and issued) as email attachments. */
  attachments(detail: InvoiceDetail, language: Language, withReceipt: boolean): Promise<MessageAttachment[]>;
  /** The receipt in force as an email attachment, or null when the invoice has none. */
  receiptAttachment(detail: InvoiceDetail): Promise<MessageAttachment | null>;
}

const textIn = (translations: Translations, language: Language) =>
  translations[language] ?? translations.en ?? translations.fr ?? '';

export function invoiceDocument(detail: InvoiceDetail, language: Language): InvoiceDocument {
  const { invoice, customer } = detail;
  const names = Object.fromEntries(detail.auctionNames.map((n) => [n.languageCode, n.titleShort])) as Translations;
  const isPaid = invoice.status === InvoiceStatus.Paid;
  const lotOf = new Map(detail.lines.map((line) => [line.line_id, line.lot_number]));
  return {
    language,
    number: invoice.number,
    date: invoice.created_at,
    organizationName: invoice.organization_name,
    auctionName: textIn(names, language),
    isDonation: invoice.is_donation,
    currency: invoice.currency,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      business: invoice.customer_business,
      email: customer.email,
      address: addressLines(customer),
    },
    lines: detail.lines.map((line) => ({
      description: textIn(line.description, language),
      lotNumber: line.lot_number,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      amount: line.amount,
    })),
    subtotal: invoice.subtotal,
    taxes: detail.taxes.map((tax) => ({
      name: textIn(tax.names, language),
      rate: percentOfPpm(tax.rate_ppm),
      amount: tax.amount,
    })),
    cardFee: invoice.card_fee,
    total: invoice.total,
    isPaid,
    payments: [
      ...detail.payments.map((p) => ({ date: p.updated_at, reference: p.payment_intent_id ?? p.id, amount: p.amount })),
      // Cash or cheques the organisation recorded, paid or partly (docs/payments.md).
      ...detail.manualPayments.map((p) => ({
        date: p.recorded_at,
        reference: manualMethodName(p.method, language),
        amount: Number(p.amount),
      })),
    ],
    refunds: detail.refunds.filter(givesBack).map((r) => ({
      date: r.created_at,
      amount: r.amount,
      ...(r.method === 'card' ? {} : { reference: manualMethodName(r.method, language) }),
      // The lot of the line it names, as the invoice lists it (docs/payments.md "A refund for one
      // line"); 0 is a lot without a number (spec 001 §3), which the line's name alone tells.
      lotNumber: r.line_id === null ? null : lotOf.get(r.line_id) || null,
    })),
  };
}

export function invoiceDocuments(db: Db): InvoiceDocuments {
  async function receiptPdfOf(detail: InvoiceDetail): Promise<Buffer | null> {
    const receipt = detail.receipt;
    if (!receipt) return null;
    const figures = await db
      .selectFrom('donation_receipts')
      .select([
        'amount_received',
        'fair_market_value',
        'eligible_amount',
        'charity_registration_number',
        'organization_address',
        'organization_name',
        'donor_name',
        'donor_address',
      ])
      .where('invoice_id', '=', detail.invoice.id)
      .where('voided_at', 'is', null)
      .executeTakeFirstOrThrow();
    const base = invoiceDocument(detail, receipt.language);
    const lines = (text: string | null) => text?.split('\n').filter((line) => line.trim()) ?? [];
    // Who it is for and from as it said when issued: a profile or an organisation renamed since
    // does not change an official receipt.
    const document: ReceiptDocument = {
      language: receipt.language,
      number: receipt.number,
      issuedAt: receipt.issued_at,
      receivedAt: detail.invoice.paid_at ?? receipt.issued_at,
      organizationName: figures.organization_name,
      organizationAddress: lines(figures.organization_address),
      registrationNumber: figures.charity_registration_number,
      auctionName: base.auctionName,
      invoiceNumber: base.number,
      donorName: figures.donor_name,
      donorAddress: lines(figures.donor_address),
      currency: base.currency,
      amountReceived: figures.amount_received,
      fairMarketValue: figures.fair_market_value,
      eligibleAmount: figures.eligible_amount,
      replacesNumber: receipt.replaces_number,
    };
    return receiptPdf(document);
  }

  async function receiptAttachment(detail: InvoiceDetail): Promise<MessageAttachment | null> {
    const receipt = await receiptPdfOf(detail);
    if (!receipt || !detail.receipt) return null;
    return {
      filename: `${detail.receipt.language === 'fr' ? 'recu' : 'receipt'}-${detail.receipt.number}.pdf`,
      contentType: 'application/pdf',
      contentBase64: receipt.toString('base64'),
    };
  }

  return {
    invoicePdf: (detail, language) => invoicePdf(invoiceDocument(detail, language)),
    receiptPdf: receiptPdfOf,
    receiptAttachment,
    async attachments(detail, language, withReceipt) {
      const invoiceFile: MessageAttachment = {
        filename: `${language === 'fr' ? 'facture' : 'invoice'}-${detail.invoice.number}.pdf`,
        contentType: 'application/pdf',
        contentBase64: (await invoicePdf(invoiceDocument(detail, language))).toString('base64'),
      };
      const receipt = withReceipt ? await receiptAttachment(detail) : null;
      return receipt ? [invoiceFile, receipt] : [invoiceFile];
    },
  };
}
