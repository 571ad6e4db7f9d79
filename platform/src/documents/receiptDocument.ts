import type { DocumentLanguage } from '../invoices/moneyFormat.ts';
import { numbered } from './invoiceDocument.ts';
import { amountRow, documentFormat, renderPdf } from './pdfDocument.ts';

/** An official donation receipt (spec 000 §9) as its PDF shows it, amounts in cents. */
export interface ReceiptDocument {
  language: DocumentLanguage;
  number: number;
  issuedAt: Date;
  /** When the payment was received (the invoice paid). */
  receivedAt: Date;
  organizationName: string;
  /** The address on record with the Canada Revenue Agency, as lines (none when not set). */
  organizationAddress: string[];
  /** The charity's registration number, when the organisation has set it. */
  registrationNumber: string | null;
  auctionName: string;
  invoiceNumber: number;
  donorName: string;
  donorAddress: string[];
  currency: string;
  amountReceived: number;
  fairMarketValue: number;
  eligibleAmount: number;
  /** The voided receipt this one cancels and replaces (a refund changed the gift). */
  replacesNumber?: number | null;
}

const TEXT = {
  en: {
    title: 'Official donation receipt for income tax purposes',
    number: 'Receipt number',
    issued: 'Date issued',
    received: 'Date received',
    donor: 'Donor',
    auction: 'Auction',
    invoice: 'Invoice',
    amountReceived: 'Total amount received',
    fairMarketValue: 'Fair market value of the advantage received',
    eligible: 'Eligible amount of the gift for tax purposes',
    signature: 'Authorized signature',
    registration: 'Charity registration number',
    agency: 'Canada Revenue Agency: canada.ca/charities-giving',
    replaces: 'This receipt cancels and replaces receipt',
  },
  fr: {
    title: "Reçu officiel de don aux fins de l'impôt sur le revenu",
    number: 'Numéro du reçu',
    issued: "Date d'émission",
    received: 'Date de réception',
    donor: 'Donateur',
    auction: 'Encan',
    invoice: 'Facture',
    amountReceived: 'Montant total reçu',
    fairMarketValue: "Juste valeur marchande de l'avantage reçu",
    eligible: 'Montant admissible du don aux fins de l’impôt',
    signature: 'Signature autorisée',
    registration: "Numéro d'enregistrement de l'organisme de bienfaisance",
    agency: 'Agence du revenu du Canada\u00a0: canada.ca/organismes-bienfaisance-dons',
    replaces: 'Ce reçu annule et remplace le reçu',
  },
} as const;

export function receiptTexts(language: DocumentLanguage) {
  return TEXT[language];
}

/** The receipt as a PDF in the donor's language. */
export function receiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const t = TEXT[receipt.language];
  const { money, date, colon } = documentFormat(receipt.language, receipt.currency);
  return renderPdf(
    { title: `${t.title} ${numbered(receipt.number, receipt.language)}`, author: receipt.organizationName },
    (doc) => {
      doc.font('bold').fontSize(20).text(receipt.organizationName);
      doc.font('regular').fontSize(10);
      for (const line of receipt.organizationAddress) doc.text(line);
      doc.font('bold').fontSize(13).text(t.title).font('regular').fontSize(10).moveDown();
      if (receipt.registrationNumber) amountRow(doc, t.registration, receipt.registrationNumber, { bold: true });
      amountRow(doc, t.number, String(receipt.number), { bold: true });
      if (receipt.replacesNumber) {
        doc
          .font('bold')
          .text(`${t.replaces} ${numbered(receipt.replacesNumber, receipt.language)}`)
          .font('regular');
      }
      amountRow(doc, t.issued, date(receipt.issuedAt));
      amountRow(doc, t.received, date(receipt.receivedAt));
      amountRow(doc, t.auction, receipt.auctionName);
      amountRow(doc, t.invoice, numbered(receipt.invoiceNumber, receipt.language));
      doc.moveDown().font('bold').text(`${t.donor}${colon}`).font('regular');
      for (const line of [receipt.donorName, ...receipt.donorAddress]) if (line) doc.text(line);
      doc.moveDown();
      amountRow(doc, t.amountReceived, money(receipt.amountReceived));
      amountRow(doc, t.fairMarketValue, money(receipt.fairMarketValue));
      amountRow(doc, t.eligible, money(receipt.eligibleAmount), { bold: true });
      doc.moveDown(3).text('______________________________').text(t.signature);
      doc.moveDown().fontSize(9).text(t.agency);
    },
  );
}
