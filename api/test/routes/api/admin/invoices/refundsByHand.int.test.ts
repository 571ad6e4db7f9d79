import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../../src/bulk/csv.ts';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { receiptsOf as receiptsIn, refundsOf, useInvoiceTest } from '../../invoices/invoiceFixtures.ts';

/** docs/payments.md "Giving back money paid by hand": a refund recorded as handed back, not sent to a card. */
const kit = useInvoiceTest();

const refund = (publicId: string, payload: Record<string, unknown>) =>
  callAs(kit.test.app, kit.manager, 'POST', `/api/admin/invoices/${publicId}/refunds`, payload);
const record = (publicId: string, amountCents: number) =>
  callAs(kit.test.app, kit.manager, 'POST', `/api/admin/invoices/${publicId}/manual-payments`, {
    amountCents,
    method: 'cheque',
    commandId: randomUUID(),
  });
const listed = async (auctionId: number, number: number) =>
  (await callAs(kit.test.app, kit.manager, 'GET', `/api/admin/auctions/${auctionId}/invoices`))
    .json()
    .invoices.find((i: { number: number }) => i.number === number);
const refundsSentToStripe = () => kit.test.stripe.events.filter((e) => e.type === 'refund.created').length;
const refundRows = (invoiceId: number) => refundsOf(kit.test, invoiceId);

describe('refunds given back by hand', () => {
  it('records cash given back on a donation paid by cheque: made at once, no card touched, its receipt replaced, once per command', async () => {
    const donor = await registerConfirmed(kit.test);
    const invoice = await kit.fixtures().invoiceFor(donor.id, [{ amount: 100_00 }], { isDonation: true });
    const paid = (await record(invoice.public_id, 100_00)).json();
    const receipt = paid.invoice.receiptNumber as number;
    expect(paid.invoice).toMatchObject({ refundableCents: 0, handRefundableCents: 100_00 });
    const sentBefore = refundsSentToStripe();

    // Nothing was paid by card: nothing can go back on one.
    const onCard = await refund(invoice.public_id, {
      amountCents: 10_00,
      reason: 'Wrong way',
      commandId: randomUUID(),
    });
    expect(onCard.statusCode).toBe(422);
    expect(onCard.json().message).toBe('refund_exceeds_paid_amount');

    const command = { amountCents: 30_00, reason: 'Lot withdrawn', method: 'cash', commandId: randomUUID() };
    const given = await refund(invoice.public_id, command);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      refund: { amount: { value: 30 }, status: 'succeeded', method: 'cash', reason: 'Lot withdrawn' },
      invoice: { isPaid: true, refundedAmount: { value: 30 } },
    });
    expect(refundsSentToStripe()).toBe(sentBefore);
    // A retry answers the same refund; the same command as another refund is refused.
    const retry = await refund(invoice.public_id, command);
    expect(retry.json().refund.id).toBe(given.json().refund.id);
    const reused = await refund(invoice.public_id, { ...command, method: 'cheque' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    expect(await refundRows(invoice.id)).toHaveLength(1);

    // The receipt follows: voided, and replaced for the 70 $ the charity kept.
    const receipts = await receiptsIn(kit.test, invoice.id);
    expect(receipts).toHaveLength(2);
    expect(receipts[0]?.voided_at).toBeInstanceOf(Date);
    expect(receipts[1]).toMatchObject({ eligible_amount: 70_00, voided_at: null, replaces_number: receipt });
    await kit.test.messaging.outbox.waitFor(donor.body.username, { template: 'donationReceiptReplacedEmail' });

    expect(await listed(invoice.auction_id, invoice.number)).toMatchObject({
      handRefundableCents: 70_00,
      refunds: [{ amountCents: 30_00, method: 'cash', status: 'succeeded' }],
      // Money already given back from the cheque: cancelling it would count it out twice.
      paymentsCancellable: false,
    });
    const over = await refund(invoice.public_id, { ...command, amountCents: 70_01, commandId: randomUUID() });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: 'refund_exceeds_paid_amount', refundableCents: 70_00 });
    const [cheque] = paid.invoice.manualPayments;
    const cancel = await callAs(
      kit.test.app,
      kit.manager,
      'POST',
      `/api/admin/invoices/${invoice.public_id}/manual-payments/${cheque.id}/cancellation`,
      { reason: 'Bounced', commandId: randomUUID() },
    );
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('invoice_refunded');

    // The accountant's export counts it as refunded.
    const csv = await callAs(
      kit.test.app,
      kit.manager,
      'GET',
      `/api/admin/auctions/${invoice.auction_id}/exports/invoices`,
    );
    const [header, ...rows] = parseCsv(csv.body).map((line) => line.fields);
    const row = rows.find((fields) => fields[header?.indexOf('number') ?? -1] === String(invoice.number));
    const column = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect([column('paidByHand'), column('refunded'), column('refundedByHand')]).toEqual(['100.00', '30.00', '30.00']);
  });

  it('keeps the card and the cheque apart on an invoice paid by both', async () => {
    const bidder = await registerConfirmed(kit.test);
    const invoice = await kit.fixtures().invoiceFor(bidder.id, [{ amount: 100_00 }], { taxes: false });
    await record(invoice.public_id, 40_00);
    await kit.fixtures().cardFor(bidder.token, invoice.auction_id);
    const payment = await kit
      .fixtures()
      .call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
    expect(payment.json()).toMatchObject({ isPaid: true });
    expect(await listed(invoice.auction_id, invoice.number)).toMatchObject({
      refundableCents: 60_00,
      handRefundableCents: 40_00,
    });
    const reason = 'Lot not delivered';
    const tooMuchOnCard = await refund(invoice.public_id, { amountCents: 60_01, reason, commandId: randomUUID() });
    expect(tooMuchOnCard.json()).toMatchObject({ message: 'refund_exceeds_paid_amount', refundableCents: 60_00 });
    const tooMuchByHand = await refund(invoice.public_id, {
      amountCents: 40_01,
      reason,
      method: 'cheque',
      commandId: randomUUID(),
    });
    expect(tooMuchByHand.json()).toMatchObject({ message: 'refund_exceeds_paid_amount', refundableCents: 40_00 });
    expect((await refund(invoice.public_id, { amountCents: 60_00, reason, commandId: randomUUID() })).statusCode).toBe(
      200,
    );
    const byHand = await refund(invoice.public_id, {
      amountCents: 40_00,
      reason,
      method: 'cheque',
      commandId: randomUUID(),
    });
    expect(byHand.statusCode).toBe(200);
    expect(await listed(invoice.auction_id, invoice.number)).toMatchObject({
      refundableCents: 0,
      handRefundableCents: 0,
    });
    expect((await refundRows(invoice.id)).map((row) => row.method).sort()).toEqual(['card', 'cheque']);
  });

  it('refuses an unpaid invoice and an unknown method, recording nothing', async () => {
    const bidder = await registerConfirmed(kit.test);
    const invoice = await kit.fixtures().invoiceFor(bidder.id, [{ amount: 50_00 }], { taxes: false });
    await record(invoice.public_id, 20_00);
    const attempts = [
      { method: 'cash', status: 409, key: 'invoice_not_paid' },
      { method: 'gold', status: 400, key: 'invalid_refund_method' },
    ];
    for (const { method, status, key } of attempts) {
      const refused = await refund(invoice.public_id, {
        amountCents: 10_00,
        reason: 'x',
        method,
        commandId: randomUUID(),
      });
      expect(refused.statusCode).toBe(status);
      expect(refused.json().messages).toEqual([key]);
    }
    expect(await refundRows(invoice.id)).toHaveLength(0);
  });
});
