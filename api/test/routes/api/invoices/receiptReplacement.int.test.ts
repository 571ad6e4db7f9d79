import { randomUUID } from 'node:crypto';
import { formatDate } from '@auction/platform/invoices';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../../platform/test/invoices/pdfText.ts';
import { parseCsv } from '../../../../src/bulk/csv.ts';
import { bearer, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { receiptsOf as receiptsIn, useInvoiceTest } from './invoiceFixtures.ts';

/** docs/payments.md "When a refund changes the gift": the donation receipt follows the refunds. */
const kit = useInvoiceTest();

async function paidDonation(amount: number) {
  const donor = await registerConfirmed(kit.test);
  const fx = kit.fixtures();
  const invoice = await fx.invoiceFor(donor.id, [{ amount }], { isDonation: true });
  await fx.cardFor(donor.token, invoice.auction_id);
  const payment = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, donor.token, {});
  expect(payment.json()).toMatchObject({ isPaid: true });
  return { donor, invoice };
}

const refund = (publicId: string, amountCents: number) =>
  kit.fixtures().call('POST', `/api/admin/invoices/${publicId}/refunds`, kit.manager, {
    amountCents,
    reason: 'Donation given twice',
    commandId: randomUUID(),
  });
const receiptsOf = (invoiceId: number) => receiptsIn(kit.test, invoiceId);
const seenBy = async (token: string, publicId: string) =>
  (await kit.fixtures().call('GET', `/api/auctions/invoice/${publicId}`, token)).json();

describe('a donation receipt after refunds', () => {
  it('is voided and replaced, under a new number naming it, for the gift left; the donor is told', async () => {
    const { donor, invoice } = await paidDonation(100_00);
    const first = (await seenBy(donor.token, invoice.public_id)).donationReceipt;
    expect(first).toMatchObject({ eligibleAmount: { value: 100 }, replacesNumber: null });

    expect((await refund(invoice.public_id, 30_00)).statusCode).toBe(200);
    const receipts = await receiptsOf(invoice.id);
    expect(receipts).toHaveLength(2);
    expect(receipts[0]).toMatchObject({ number: first.number, eligible_amount: 100_00 });
    expect(receipts[0]?.voided_at).toBeInstanceOf(Date);
    expect(receipts[1]).toMatchObject({ eligible_amount: 70_00, voided_at: null, replaces_number: first.number });

    // The invoice shows the replacement only; its PDF is the one downloaded.
    const shown = (await seenBy(donor.token, invoice.public_id)).donationReceipt;
    expect(shown).toMatchObject({
      number: receipts[1]?.number,
      eligibleAmount: { value: 70 },
      replacesNumber: first.number,
    });
    const pdf = await kit.fixtures().call('GET', shown.url, donor.token);
    expect(pdf.statusCode).toBe(200);
    // The console names the receipt in force, which the next refund would replace.
    const listed = (
      await kit.fixtures().call('GET', `/api/admin/auctions/${invoice.auction_id}/invoices`, kit.manager)
    ).json();
    expect(listed.invoices.find((i: { number: number }) => i.number === invoice.number).receiptNumber).toBe(
      receipts[1]?.number,
    );

    // The donor is told, in their language, with the replacement attached.
    const mail = await kit.test.messaging.outbox.waitFor(donor.body.username, {
      template: 'donationReceiptReplacedEmail',
    });
    expect(mail.subject).toContain(`no\u00a0${first.number}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`recu-${receipts[1]?.number}.pdf`]);
  });

  it('redelivered refund events issue nothing more', async () => {
    const { invoice } = await paidDonation(80_00);
    await refund(invoice.public_id, 10_00);
    const events = kit.test.stripe.events.filter(
      (e) => e.type === 'refund.created' || e.type === 'refund.updated' || e.type === 'charge.refunded',
    );
    for (const event of events.slice(-3)) expect(await kit.test.stripe.deliver(event)).toBe(200);
    const receipts = await receiptsOf(invoice.id);
    expect(receipts.map((r) => [r.eligible_amount, r.voided_at === null])).toEqual([
      [80_00, false],
      [70_00, true],
    ]);
  });

  it('refunded below what earns a receipt: voided with no replacement; a refund failing at the bank gives it back', async () => {
    const { donor, invoice } = await paidDonation(50_00);
    const answer = await refund(invoice.public_id, 45_00);
    expect((await seenBy(donor.token, invoice.public_id)).donationReceipt).toBeNull();
    const [voided] = await receiptsOf(invoice.id);
    expect(voided?.voided_at).toBeInstanceOf(Date);
    const mail = await kit.test.messaging.outbox.waitFor(donor.body.username, {
      template: 'donationReceiptReplacedEmail',
    });
    expect(mail.attachments).toEqual([]);
    expect(mail.body).toContain('ne donne plus droit à un reçu');

    // The bank sends the money back to the charity: the gift is whole again, and so is a receipt.
    const row = await kit.test.database.db
      .selectFrom('invoice_refunds')
      .select('stripe_refund_id')
      .where('id', '=', answer.json().refund.id)
      .executeTakeFirstOrThrow();
    if (!row.stripe_refund_id) throw new Error('the refund has no Stripe id');
    await kit.test.stripe.failRefund(row.stripe_refund_id);
    const receipts = await receiptsOf(invoice.id);
    expect(receipts.map((r) => [r.eligible_amount, r.voided_at === null, r.replaces_number])).toEqual([
      [50_00, false, null],
      [50_00, true, voided?.number],
    ]);
    expect((await seenBy(donor.token, invoice.public_id)).donationReceipt).toMatchObject({
      eligibleAmount: { value: 50 },
      replacesNumber: voided?.number,
    });
  });

  it('an invoice that never earned a receipt gets none from a refund', async () => {
    const buyer = await registerConfirmed(kit.test);
    const fx = kit.fixtures();
    const invoice = await fx.invoiceFor(buyer.id, [{ amount: 300_00, valuation: 300_00 }], { taxes: false });
    await fx.cardFor(buyer.token, invoice.auction_id);
    await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, buyer.token, {});
    expect((await refund(invoice.public_id, 100_00)).statusCode).toBe(200);
    expect(await receiptsOf(invoice.id)).toEqual([]);
  });

  it("are all in the auction's receipts export, the voided one marked void and named by its replacement", async () => {
    const { donor, invoice } = await paidDonation(60_00);
    expect((await refund(invoice.public_id, 20_00)).statusCode).toBe(200);
    const [voided, replacement] = await receiptsOf(invoice.id);
    const file = await kit
      .fixtures()
      .call('GET', `/api/admin/auctions/${invoice.auction_id}/exports/receipts`, kit.manager);
    expect(file.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(file.body).map((record) => record.fields);
    const named = (number: number | undefined) =>
      Object.fromEntries((header ?? []).map((name, i) => [name, rows.find((row) => row[0] === String(number))?.[i]]));
    expect(named(voided?.number)).toMatchObject({
      status: 'void',
      replacesNumber: '',
      invoiceNumber: String(invoice.number),
      donorEmail: donor.body.username,
      eligibleAmount: '60.00',
    });
    expect(named(voided?.number).voidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(named(replacement?.number)).toMatchObject({
      status: 'in force',
      voidedAt: '',
      replacesNumber: String(voided?.number),
      eligibleAmount: '40.00',
    });
    // Bidders have no access to the organisation's exports.
    const refused = await kit
      .fixtures()
      .call('GET', `/api/admin/auctions/${invoice.auction_id}/exports/receipts`, donor.token);
    expect(refused.statusCode).toBe(403);
  });
});

describe('a refund that names the line it took back', () => {
  /** A weekend bought 1,000 $ worth 400 $, and a dinner bought 300 $ worth 300 $ (no gift in it), with Quebec's taxes. */
  async function paidLots(options: { billCardFee?: boolean } = {}) {
    const buyer = await registerConfirmed(kit.test);
    const fx = kit.fixtures();
    const invoice = await fx.invoiceFor(
      buyer.id,
      [
        { amount: 1_000_00, valuation: 400_00 },
        { amount: 300_00, valuation: 300_00 },
      ],
      options,
    );
    await fx.cardFor(buyer.token, invoice.auction_id);
    const payment = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, buyer.token, {});
    expect(payment.json()).toMatchObject({ isPaid: true });
    return { buyer, invoice, weekend: `lot:${invoice.id}:0`, dinner: `lot:${invoice.id}:1` };
  }
  const listed = async (auctionId: number, number: number) =>
    (await kit.fixtures().call('GET', `/api/admin/auctions/${auctionId}/invoices`, kit.manager))
      .json()
      .invoices.find((i: { number: number }) => i.number === number);
  const refundLine = (publicId: string, lineId: string, amountCents: number, commandId = randomUUID()) =>
    kit.fixtures().call('POST', `/api/admin/invoices/${publicId}/refunds`, kit.manager, {
      amountCents,
      reason: 'Not delivered',
      commandId,
      lineId,
    });

  it('comes out of that line: a line with no gift in it leaves the receipt as it was, a lot refunded in part lowers its own', async () => {
    const { invoice, weekend, dinner } = await paidLots();
    const [first] = await receiptsOf(invoice.id);
    expect(first).toMatchObject({ eligible_amount: 600_00, voided_at: null });
    // Each line with what it cost with its taxes (5 % and 9.975 %, each rounded once).
    expect((await listed(invoice.auction_id, invoice.number)).lines).toEqual([
      expect.objectContaining({ id: weekend, kind: 'lot', costCents: 1_149_75, refundableCents: 1_149_75 }),
      expect.objectContaining({ id: dinner, lotNumber: 8, costCents: 344_93, refundableCents: 344_93 }),
    ]);

    // The dinner given back whole: the weekend's gift stands, so the receipt does too.
    const dinnerBack = await refundLine(invoice.public_id, dinner, 344_93);
    expect(dinnerBack.statusCode, dinnerBack.body).toBe(200);
    expect(dinnerBack.json().refund).toMatchObject({ lineId: dinner, status: 'succeeded' });
    expect(await receiptsOf(invoice.id)).toHaveLength(1);

    // 229.95 $ back on the weekend is 200 $ of its price: its gift is 400 $ now, under a new receipt.
    expect((await refundLine(invoice.public_id, weekend, 229_95)).statusCode).toBe(200);
    const receipts = await receiptsOf(invoice.id);
    expect(receipts.map((r) => [r.eligible_amount, r.voided_at === null])).toEqual([
      [600_00, false],
      [400_00, true],
    ]);
    const after = await listed(invoice.auction_id, invoice.number);
    expect(after.lines.map((l: { refundableCents: number }) => l.refundableCents)).toEqual([919_80, 0]);
    expect(after.refunds.map((r: { lineId: string | null }) => r.lineId)).toEqual([weekend, dinner]);
  });

  it('gives back the part of the card fee the bidder paid on that line, and the receipt reads the refund with it', async () => {
    // 1,494.68 $ with taxes and a card fee of 49.32 $: 37.93 $ of it on the weekend, 11.38 $ on the dinner.
    const { invoice, weekend, dinner } = await paidLots({ billCardFee: true });
    const billed = await kit.test.database.db
      .selectFrom('invoices')
      .select(['card_fee', 'total'])
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(billed).toEqual({ card_fee: 49_32, total: 1_544_00 });
    expect((await listed(invoice.auction_id, invoice.number)).lines).toEqual([
      expect.objectContaining({ id: weekend, costCents: 1_187_68, cardFeeCents: 37_93, refundableCents: 1_187_68 }),
      expect.objectContaining({ id: dinner, costCents: 356_31, cardFeeCents: 11_38, refundableCents: 356_31 }),
    ]);
    const over = await refundLine(invoice.public_id, dinner, 356_32);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: 'refund_exceeds_line_amount', lineRefundableCents: 356_31 });

    // The dinner given back whole, its fee included: no gift was in it, so the receipt stands.
    expect((await refundLine(invoice.public_id, dinner, 356_31)).statusCode).toBe(200);
    expect((await receiptsOf(invoice.id)).map((r) => [r.eligible_amount, r.voided_at === null])).toEqual([
      [600_00, true],
    ]);
    // Half the weekend's cost with its fee back is half its price: 500 $ of the 1,000 $, a gift of 100 $.
    expect((await refundLine(invoice.public_id, weekend, 593_84)).statusCode).toBe(200);
    const receipts = await receiptsOf(invoice.id);
    expect(receipts.map((r) => [r.eligible_amount, r.voided_at === null])).toEqual([
      [600_00, false],
      [100_00, true],
    ]);
  });

  it("the invoice's PDF names the lot of each refund that names a line, in the reader's language", async () => {
    const { buyer, invoice, dinner } = await paidLots();
    expect((await refundLine(invoice.public_id, dinner, 20_00)).statusCode).toBe(200);
    expect((await refund(invoice.public_id, 30_00)).statusCode).toBe(200);
    const rows = await kit.test.database.db
      .selectFrom('invoice_refunds')
      .select(['line_id', 'created_at'])
      .where('invoice_id', '=', invoice.id)
      .orderBy('created_at', 'desc')
      .execute();
    expect(rows.map((r) => r.line_id)).toEqual([null, dinner]);
    const [whole, forDinner] = rows.map((r) => r.created_at);
    if (!whole || !forDinner) throw new Error('two refunds expected');
    const refundsIn = async (language: 'en' | 'fr') => {
      const pdf = await kit.test.app.inject({
        method: 'GET',
        url: `/api/auctions/invoice/${invoice.public_id}/pdf`,
        headers: { ...bearer(buyer.token), 'accept-language': language },
      });
      expect(pdf.statusCode).toBe(200);
      const lines = pdfText(pdf.rawPayload);
      return lines.slice(lines.indexOf(language === 'fr' ? 'Remboursements' : 'Refunds') + 1);
    };
    // The dinner is lot 8, as the invoice lists it; the refund of the whole invoice names no lot.
    expect(await refundsIn('fr')).toEqual([
      `Remboursement · ${formatDate(whole, 'fr')} −30,00\u00a0$`,
      `Remboursement pour le lot 8 · ${formatDate(forDinner, 'fr')} −20,00\u00a0$`,
    ]);
    expect(await refundsIn('en')).toEqual([
      `Refund · ${formatDate(whole, 'en')} −$30.00`,
      `Refund for lot 8 · ${formatDate(forDinner, 'en')} −$20.00`,
    ]);
  });

  it('gives back no more than the line cost with its taxes, names a line of the invoice, and changes nothing when refused', async () => {
    const { invoice, weekend, dinner } = await paidLots();
    const over = await refundLine(invoice.public_id, dinner, 344_94);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: 'refund_exceeds_line_amount', lineRefundableCents: 344_93 });
    const elsewhere = await refundLine(invoice.public_id, 'lot:999999:0', 10_00);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('invoice_line_not_found');
    expect((await listed(invoice.auction_id, invoice.number)).refunds).toEqual([]);

    // The same command again answers the same refund; with another line it is another request.
    const commandId = randomUUID();
    expect((await refundLine(invoice.public_id, weekend, 10_00, commandId)).statusCode).toBe(200);
    expect((await refundLine(invoice.public_id, weekend, 10_00, commandId)).json().refund.lineId).toBe(weekend);
    const reused = await refundLine(invoice.public_id, dinner, 10_00, commandId);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    expect((await listed(invoice.auction_id, invoice.number)).refunds).toHaveLength(1);
  });
});
