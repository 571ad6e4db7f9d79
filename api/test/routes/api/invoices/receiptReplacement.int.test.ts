import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../src/bulk/csv.ts';
import { registerConfirmed } from '../../../accounts/accountFlows.ts';
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
    expect(mail.subject).toContain(`no ${first.number}`);
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
