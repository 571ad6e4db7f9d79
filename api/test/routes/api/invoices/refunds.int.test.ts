import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../src/bulk/csv.ts';
import { registerConfirmed } from '../../../accounts/accountFlows.ts';
import { refundsOf, useInvoiceTest } from './invoiceFixtures.ts';

const kit = useInvoiceTest();

const refund = (token: string | null, publicId: string, payload: unknown) =>
  kit.fixtures().call('POST', `/api/admin/invoices/${publicId}/refunds`, token, payload);
const stripeRefunds = (paymentIntentId: string) =>
  kit.test.stripe.events.filter(
    (e) =>
      e.type === 'refund.created' && (e.data.object as { payment_intent?: string }).payment_intent === paymentIntentId,
  ).length;
const refundRows = (invoiceId: number) => refundsOf(kit.test, invoiceId);

async function paidInvoice() {
  const bidder = await registerConfirmed(kit.test);
  const invoice = await kit.fixtures().invoiceFor(bidder.id, [{ amount: 100_00 }], { taxes: false });
  await kit.fixtures().cardFor(bidder.token, invoice.auction_id);
  const payment = await kit
    .fixtures()
    .call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
  expect(payment.json()).toMatchObject({ isPaid: true });
  return { bidder, invoice, paymentIntentId: payment.json().paymentIntentId as string };
}

describe('POST /api/admin/invoices/{stripeInvoiceId}/refunds', () => {
  it('refunds part of a paid invoice through Stripe, once per command, shown on the invoice', async () => {
    const { bidder, invoice, paymentIntentId } = await paidInvoice();
    const body = { amountCents: 30_00, reason: 'Lot not delivered', commandId: randomUUID() };
    const first = await refund(kit.manager, invoice.public_id, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'refund_created',
      refund: { amount: { value: 30 }, status: 'succeeded', reason: 'Lot not delivered' },
      invoice: { refundedAmount: { value: 30 } },
    });
    // A retry (a timeout, a double click) answers the same refund and gives nothing more back.
    const retry = await refund(kit.manager, invoice.public_id, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refund.id).toBe(first.json().refund.id);
    expect(stripeRefunds(paymentIntentId)).toBe(1);
    // The same command with another amount is another request under a used key.
    expect((await refund(kit.manager, invoice.public_id, { ...body, amountCents: 10_00 })).statusCode).toBe(422);

    // The bidder sees it on the invoice.
    const seen = (await kit.fixtures().call('GET', `/api/auctions/invoice/${invoice.public_id}`, bidder.token)).json();
    expect(seen.refunds).toHaveLength(1);
    expect(seen.refundedAmount).toEqual({ value: 30, currencyCode: 'CAD' });

    // More than what is left (70 $): 422, nothing recorded, nothing refunded.
    const over = await refund(kit.manager, invoice.public_id, { ...body, amountCents: 70_01, commandId: randomUUID() });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('refund_exceeds_paid_amount');
    expect(await refundRows(invoice.id)).toHaveLength(1);
    // The rest, exactly: accepted.
    const rest = await refund(kit.manager, invoice.public_id, { ...body, amountCents: 70_00, commandId: randomUUID() });
    expect(rest.json().invoice.refundedAmount).toEqual({ value: 100, currencyCode: 'CAD' });
    expect(stripeRefunds(paymentIntentId)).toBe(2);
  });

  it('refund webhooks are applied once and never undo a settled refund', async () => {
    const { invoice } = await paidInvoice();
    await refund(kit.manager, invoice.public_id, { amountCents: 5_00, reason: 'Goodwill', commandId: randomUUID() });
    const event = kit.test.stripe.events.findLast((e) => e.type === 'refund.created');
    if (!event) throw new Error('no refund event');
    expect(await kit.test.stripe.deliver(event)).toBe(200);
    expect(await kit.test.stripe.deliver(event)).toBe(200);
    expect((await refundRows(invoice.id)).map((r) => r.status)).toEqual(['succeeded']);
    // The charge's own event (its refunds list is not in it under our API version) changes nothing.
    const charge = kit.test.stripe.events.findLast((e) => e.type === 'charge.refunded');
    expect(charge?.data.object).toMatchObject({ object: 'charge', amount_refunded: 5_00, refunded: false });
    if (charge) expect(await kit.test.stripe.deliver(charge)).toBe(200);
    expect((await refundRows(invoice.id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('a refund that fails later at the bank is no longer counted, whatever order its events come in', async () => {
    const { bidder, invoice } = await paidInvoice();
    const answer = await refund(kit.manager, invoice.public_id, {
      amountCents: 40_00,
      reason: 'Lot damaged',
      commandId: randomUUID(),
    });
    const refundId = answer.json().refund.id as string;
    const [row] = await refundRows(invoice.id);
    if (!row?.stripe_refund_id) throw new Error('the refund has no Stripe id');
    kit.test.stripe.pauseWebhooks();
    await kit.test.stripe.failRefund(row.stripe_refund_id);
    const created = kit.test.stripe.events.find(
      (e) => e.type === 'refund.created' && e.data.object.id === row.stripe_refund_id,
    );
    // Delivered late and out of order: the failure first, then the old "created" again.
    await kit.test.stripe.resumeWebhooks();
    if (created) expect(await kit.test.stripe.deliver(created)).toBe(200);
    expect((await refundRows(invoice.id)).map((r) => r.status)).toEqual(['failed']);
    const seen = (await kit.fixtures().call('GET', `/api/auctions/invoice/${invoice.public_id}`, bidder.token)).json();
    expect(seen.refunds).toMatchObject([{ id: refundId, status: 'failed' }]);
    expect(seen.refundedAmount).toEqual({ value: 0, currencyCode: 'CAD' });
  });

  it('refused to a bidder, to anyone for an unpaid invoice, and for bad input, with nothing changed', async () => {
    const { bidder, invoice } = await paidInvoice();
    const body = { amountCents: 10_00, reason: 'x', commandId: randomUUID() };
    expect((await refund(bidder.token, invoice.public_id, body)).statusCode).toBe(403);
    expect((await refund(null, invoice.public_id, body)).statusCode).toBe(401);
    const unknown = await refund(kit.manager, 'inv_unknown', body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('invoice_not_found');
    for (const bad of [
      { ...body, amountCents: 0 },
      { ...body, amountCents: 10.5 },
      { ...body, reason: '' },
      { ...body, commandId: 'short' },
    ]) {
      expect((await refund(kit.manager, invoice.public_id, bad)).statusCode).toBe(400);
    }
    // A blank reason is named as such: the console says what to write.
    const blank = await refund(kit.manager, invoice.public_id, { ...body, reason: '   ' });
    expect(blank.json().messages).toContain('refund_reason_required');
    const other = await registerConfirmed(kit.test);
    const unpaid = await kit.fixtures().invoiceFor(other.id, [{ amount: 20_00 }]);
    const notPaid = await refund(kit.manager, unpaid.public_id, body);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('invoice_not_paid');
    expect(await refundRows(invoice.id)).toHaveLength(0);
    expect(await refundRows(unpaid.id)).toHaveLength(0);
  });

  it("is listed in the console's invoices with who asked for it, and what can still go back on the card", async () => {
    const { invoice } = await paidInvoice();
    const consoleInvoices = async () =>
      (await kit.fixtures().call('GET', `/api/admin/auctions/${invoice.auction_id}/invoices`, kit.manager)).json();
    const before = await consoleInvoices();
    expect(before.invoices.find((i: { number: number }) => i.number === invoice.number)).toMatchObject({
      refundableCents: 100_00,
      refunds: [],
    });
    await refund(kit.manager, invoice.public_id, {
      amountCents: 25_00,
      reason: 'Lot damaged',
      commandId: randomUUID(),
    });
    const second = await refund(kit.manager, invoice.public_id, {
      amountCents: 10_00,
      reason: 'Goodwill',
      commandId: randomUUID(),
    });
    const [row] = (await refundRows(invoice.id)).filter((r) => r.id === second.json().refund.id);
    if (!row?.stripe_refund_id) throw new Error('the refund has no Stripe id');
    // A refund that failed at the bank gave nothing back: listed, but refundable again.
    await kit.test.stripe.failRefund(row.stripe_refund_id);
    const after = await consoleInvoices();
    const listed = after.invoices.find((i: { number: number }) => i.number === invoice.number);
    expect(listed).toMatchObject({ status: 2, paidCents: 100_00, dueCents: 0, refundableCents: 75_00 });
    expect(listed.refunds).toMatchObject([
      { amountCents: 10_00, reason: 'Goodwill', status: 'failed' },
      { amountCents: 25_00, reason: 'Lot damaged', status: 'succeeded' },
    ]);
    expect(listed.refunds[0].requestedBy).toEqual(expect.any(String));
    expect(after.refundedCents - before.refundedCents).toBe(25_00);
  });

  it("shows in the auction's invoices export how the invoice was paid and what went back", async () => {
    const { invoice } = await paidInvoice();
    await refund(kit.manager, invoice.public_id, { amountCents: 12_34, reason: 'Goodwill', commandId: randomUUID() });
    const file = await kit
      .fixtures()
      .call('GET', `/api/admin/auctions/${invoice.auction_id}/exports/invoices`, kit.manager);
    expect(file.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(file.body).map((record) => record.fields);
    const row = rows.find((fields) => fields[header?.indexOf('number') ?? -1] === String(invoice.number));
    const column = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect([column('paidByCard'), column('paidByHand'), column('refunded')]).toEqual(['100.00', '', '12.34']);
    // A lot bought at no valuation earns no receipt.
    expect(column('donationReceipt')).toBe('');
  });
});
