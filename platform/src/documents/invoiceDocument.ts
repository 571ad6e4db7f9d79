import type { DocumentLanguage } from '../invoices/moneyFormat.ts';
import { amountRow, documentFormat, renderPdf } from './pdfDocument.ts';

/** An invoice as its PDF shows it (spec 000 §3 "Invoice"), amounts in cents. */
export interface InvoiceDocument {
  language: DocumentLanguage;
  number: number;
  date: Date;
  organizationName: string;
  auctionName: string;
  isDonation: boolean;
  currency: string;
  customer: { name: string; business: string | null; email: string; address: string[] };
  lines: Array<{ description: string; lotNumber: number | null; quantity: number; unitPrice: number; amount: number }>;
  subtotal: number;
  /** rate in percent (9.975). */
  taxes: Array<{ name: string; rate: number; amount: number }>;
  cardFee: number;
  total: number;
  isPaid: boolean;
  payments: Array<{ date: Date; reference: string; amount: number }>;
  /**
   * `reference`: how money paid by hand was given back (cash, cheque); none on the card.
   * `lotNumber`: the lot of the line the refund names, when it names one (docs/payments.md "A
   * refund for one line"); none for a refund of the invoice as a whole.
   */
  refunds: Array<{ date: Date; amount: number; reference?: string; lotNumber?: number | null }>;
}

const TEXT = {
  en: {
    invoice: 'Invoice',
    donationInvoice: 'Donation invoice',
    number: 'Number',
    date: 'Date',
    auction: 'Auction',
    billedTo: 'Billed to',
    lot: 'Lot',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    cardFee: 'Credit card fee',
    total: 'Total',
    paid: 'Paid',
    unpaid: 'Unpaid: amount due',
    payments: 'Payments',
    refunds: 'Refunds',
    refund: 'Refund',
    refundForLot: (lot: number) => `Refund for lot ${lot}`,
  },
  fr: {
    invoice: 'Facture',
    donationInvoice: 'Facture de don',
    number: 'Numéro',
    date: 'Date',
    auction: 'Encan',
    billedTo: 'Facturé à',
    lot: 'Lot',
    description: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    cardFee: 'Frais de carte de crédit',
    total: 'Total',
    paid: 'Payée',
    unpaid: 'Impayée\u00a0: montant dû',
    payments: 'Paiements',
    refunds: 'Remboursements',
    refund: 'Remboursement',
    refundForLot: (lot: number) => `Remboursement pour le lot ${lot}`,
  },
} as const;

export function invoiceTexts(language: DocumentLanguage) {
  return TEXT[language];
}

/** The invoice's print version as a PDF, in the chosen language. */
export function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const t = TEXT[invoice.language];
  const { money, date, colon } = documentFormat(invoice.language, invoice.currency);
  const title = `${invoice.isDonation ? t.donationInvoice : t.invoice} ${numbered(invoice.number, invoice.language)}`;
  return renderPdf({ title, author: invoice.organizationName }, (doc) => {
    doc.font('bold').fontSize(20).text(invoice.organizationName);
    doc.fontSize(14).text(title).font('regular').fontSize(10).moveDown(0.5);
    doc.text(`${t.date}${colon} ${date(invoice.date)}`);
    doc.text(`${t.auction}${colon} ${invoice.auctionName}`).moveDown();
    doc.font('bold').text(t.billedTo).font('regular');
    for (const line of [
      invoice.customer.business,
      invoice.customer.name,
      ...invoice.customer.address,
      invoice.customer.email,
    ]) {
      if (line) doc.text(line);
    }
    doc.moveDown();
    doc.font('bold').text(`${t.description} — ${t.quantity} × ${t.unitPrice}`).font('regular');
    for (const line of invoice.lines) {
      const lot = line.lotNumber === null ? '' : `${t.lot} ${line.lotNumber} · `;
      amountRow(doc, `${lot}${line.description} — ${line.quantity} × ${money(line.unitPrice)}`, money(line.amount));
    }
    doc.moveDown(0.5);
    amountRow(doc, t.subtotal, money(invoice.subtotal));
    for (const tax of invoice.taxes) {
      const rate = new Intl.NumberFormat(invoice.language === 'fr' ? 'fr-CA' : 'en-CA', {
        maximumFractionDigits: 3,
      }).format(tax.rate);
      // « 9,975 % » in French (a no-break space before the sign), "9.975%" in English.
      amountRow(doc, `${tax.name} (${rate}${invoice.language === 'fr' ? '\u00a0%' : '%'})`, money(tax.amount));
    }
    if (invoice.cardFee > 0) amountRow(doc, t.cardFee, money(invoice.cardFee));
    amountRow(doc, t.total, money(invoice.total), { bold: true });
    doc.moveDown();
    if (invoice.isPaid) {
      doc.font('bold').text(t.paid).font('regular');
      for (const payment of invoice.payments) {
        amountRow(doc, `${date(payment.date)} · ${payment.reference}`, money(payment.amount));
      }
    } else {
      // What a partly paid invoice was paid so far (recordings, and a card payment before it was
      // reopened), then what is still due.
      let paid = 0;
      for (const payment of invoice.payments) {
        amountRow(doc, `${date(payment.date)} · ${payment.reference}`, money(payment.amount));
        paid += payment.amount;
      }
      amountRow(doc, t.unpaid, money(invoice.total - paid), { bold: true });
    }
    if (invoice.refunds.length > 0) {
      doc.moveDown(0.5).font('bold').text(t.refunds).font('regular');
      for (const refund of invoice.refunds) {
        const what = refund.lotNumber == null ? t.refund : t.refundForLot(refund.lotNumber);
        const label = [what, date(refund.date), refund.reference].filter(Boolean).join(' · ');
        amountRow(doc, label, `−${money(refund.amount)}`);
      }
    }
  });
}

/** "#42" in English, "no 42" in French (Québec usage). */
export function numbered(number: number, language: DocumentLanguage): string {
  return language === 'fr' ? `no\u00a0${number}` : `#${number}`;
}
