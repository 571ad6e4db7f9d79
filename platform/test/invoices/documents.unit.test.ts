import { describe, expect, it } from 'vitest';
import { type InvoiceDocument, invoicePdf, receiptPdf } from '../../src/documents/index.ts';
import { pdfText } from './pdfText.ts';

const invoice: InvoiceDocument = {
  language: 'fr',
  number: 42,
  date: new Date('2026-11-20T15:00:00Z'),
  organizationName: 'Fondation Démo',
  auctionName: "Gala d'hiver",
  isDonation: false,
  currency: 'CAD',
  customer: { name: 'Élise Tremblay', business: null, email: 'elise@example.com', address: ['12 rue Principale'] },
  lines: [{ description: 'Weekend au chalet', lotNumber: 7, quantity: 1, unitPrice: 1234_56, amount: 1234_56 }],
  subtotal: 1234_56,
  taxes: [{ name: 'TPS', rate: 5, amount: 61_73 }],
  cardFee: 0,
  total: 1296_29,
  isPaid: true,
  payments: [{ date: new Date('2026-11-21T15:00:00Z'), reference: 'pi_123', amount: 1296_29 }],
  refunds: [],
};

describe('invoice and receipt PDFs', () => {
  it('are PDF files with the embedded font', async () => {
    for (const pdf of [
      await invoicePdf(invoice),
      await invoicePdf({ ...invoice, language: 'en', isPaid: false, payments: [] }),
      // Refunds on the card and given back by hand.
      await invoicePdf({
        ...invoice,
        refunds: [
          { date: new Date('2026-11-22T15:00:00Z'), amount: 100_00 },
          { date: new Date('2026-11-23T15:00:00Z'), amount: 50_00, reference: 'argent comptant' },
        ],
      }),
      await receiptPdf({
        language: 'en',
        number: 3,
        issuedAt: new Date(),
        receivedAt: new Date(),
        organizationName: 'Demo Foundation',
        organizationAddress: ['1234 Sainte-Catherine Street West', 'Montréal QC  H3G 1P1'],
        registrationNumber: '123456789RR0001',
        auctionName: 'Winter gala',
        invoiceNumber: 42,
        donorName: 'Élise Tremblay',
        donorAddress: [],
        currency: 'CAD',
        amountReceived: 500_00,
        fairMarketValue: 300_00,
        eligibleAmount: 200_00,
      }),
      // A replacement after a refund names the receipt it cancels.
      await receiptPdf({
        language: 'fr',
        number: 4,
        issuedAt: new Date(),
        receivedAt: new Date(),
        organizationName: 'Fondation Démo',
        organizationAddress: [],
        registrationNumber: null,
        auctionName: "Gala d'hiver",
        invoiceNumber: 42,
        donorName: 'Élise Tremblay',
        donorAddress: [],
        currency: 'CAD',
        amountReceived: 450_00,
        fairMarketValue: 300_00,
        eligibleAmount: 150_00,
        replacesNumber: 3,
      }),
    ]) {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // The font is embedded (a subset of Noto Sans), not one of the viewer's standard fonts.
      expect(pdf.toString('latin1')).toMatch(/NotoSans/);
      expect(pdf.toString('latin1')).toMatch(/FontFile2|FontFile3/);
    }
  });

  it('read right after a ligature the font maps to two letters ("ff" in an address)', async () => {
    // PDFKit maps the "ff" glyph to `<0066 0066>`; a reader that skipped it misread every glyph
    // after it in the font's range ("−emboursement … 30,00 $").
    const lines = pdfText(
      await invoicePdf({
        ...invoice,
        customer: { ...invoice.customer, email: 'jeff.staffordshire@example.com' },
        refunds: [{ date: new Date('2026-11-27T15:00:00Z'), amount: 30_00 }],
      }),
    );
    expect(lines).toContain('jeff.staffordshire@example.com');
    expect(lines).toContain('Remboursement · 27 novembre 2026 −30,00\u00a0$');
  });

  it("list the refunds, each naming the lot of the line it took back when it names one, in the invoice's language", async () => {
    // docs/payments.md "A refund for one line": on the card for lot 7, given back by hand for it,
    // and on the card for the invoice as a whole.
    const refunds = (cash: string): InvoiceDocument['refunds'] => [
      { date: new Date('2026-11-22T15:00:00Z'), amount: 5_00, lotNumber: 7 },
      { date: new Date('2026-11-23T15:00:00Z'), amount: 25_00, reference: cash, lotNumber: 7 },
      { date: new Date('2026-11-24T15:00:00Z'), amount: 100_00 },
      { date: new Date('2026-11-25T15:00:00Z'), amount: 1_00, lotNumber: null },
    ];
    const refundsIn = async (language: InvoiceDocument['language']) => {
      const lines = pdfText(
        await invoicePdf({ ...invoice, language, refunds: refunds(language === 'fr' ? 'comptant' : 'cash') }),
      );
      return lines.slice(lines.indexOf(language === 'fr' ? 'Remboursements' : 'Refunds') + 1);
    };
    // A French amount keeps a no-break space before its dollar sign.
    expect(await refundsIn('fr')).toEqual([
      'Remboursement pour le lot 7 · 22 novembre 2026 −5,00\u00a0$',
      'Remboursement pour le lot 7 · 23 novembre 2026 · comptant −25,00\u00a0$',
      'Remboursement · 24 novembre 2026 −100,00\u00a0$',
      'Remboursement · 25 novembre 2026 −1,00\u00a0$',
    ]);
    expect(await refundsIn('en')).toEqual([
      'Refund for lot 7 · November 22, 2026 −$5.00',
      'Refund for lot 7 · November 23, 2026 · cash −$25.00',
      'Refund · November 24, 2026 −$100.00',
      'Refund · November 25, 2026 −$1.00',
    ]);
  });
});

describe('an invoice PDF in each language', () => {
  it('writes a tax rate and an unpaid label by that language’s typography', async () => {
    const unpaid = { ...invoice, taxes: [{ name: 'TVQ', rate: 9.975, amount: 123_15 }], isPaid: false, payments: [] };
    const fr = pdfText(await invoicePdf(unpaid));
    expect(fr).toContain('TVQ (9,975\u00a0%) 123,15\u00a0$');
    expect(fr.some((line) => line.startsWith('Impayée\u00a0: montant dû'))).toBe(true);
    const en = pdfText(
      await invoicePdf({ ...unpaid, language: 'en', taxes: [{ name: 'QST', rate: 9.975, amount: 123_15 }] }),
    );
    expect(en).toContain('QST (9.975%) $123.15');
  });
});
