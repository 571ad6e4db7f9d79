import { randomUUID } from 'node:crypto';
import type { StripeEvent } from '@auction/platform';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { holdWebhook } from '../../invoices/heldWebhooks.ts';
import { receiptsOf as receiptsIn, useInvoiceTest } from '../../invoices/invoiceFixtures.ts';

/**
 * A donation receipt acknowledges money received: none is in force while a cancelled payment has
 * the invoice unpaid, whatever a card refund settles meanwhile (docs/payments.md "When a refund
 * changes the gift", "Cancelling a payment recorded by hand").
 */
const kit = useInvoiceTest();

const record = (publicId: string, amountCents: number) =>
  callAs(kit.test.app, kit.manager, 'POST', `/api/admin/invoices/${publicId}/manual-payments`, {
    amountCents,
    method: 'cheque',
    commandId: randomUUID(),
  });
const cancel = (publicId: string, paymentId: number) =>
  callAs(
    kit.test.app,
    kit.manager,
    'POST',
    `/api/admin/invoices/${publicId}/manual-payments/${paymentId}/cancellation`,
    {
      reason: 'NSF cheque',
      commandId: randomUUID(),
    },
  );
const refund = (publicId: string, amountCents: number) =>
  callAs(kit.test.app, kit.manager, 'POST', `/api/admin/invoices/${publicId}/refunds`, {
    amountCents,
    reason: 'Overpaid by a cent',
    commandId: randomUUID(),
  });
const pay = (token: string, publicId: string) =>
  callAs(kit.test.app, token, 'POST', `/api/auctions/invoice/${publicId}/payment`, {});
const receiptsOf = (invoiceId: number) => receiptsIn(kit.test, invoiceId);
/** Stripe telling the refund's state again in a new event (`refund.updated`, or a late one): not a duplicate. */
const toldAgain = (event: StripeEvent): StripeEvent => ({
  ...event,
  id: `evt_${randomUUID().replaceAll('-', '')}`,
  type: 'refund.updated',
});
const inForce = async (invoiceId: number) => (await receiptsOf(invoiceId)).filter((r) => r.voided_at === null);

/** A donation of 100 $ paid 40 $ by cheque and 60 $ by card: its receipt is in force. */
async function paidByChequeAndCard() {
  const donor = await registerConfirmed(kit.test);
  const fx = kit.fixtures();
  const invoice = await fx.invoiceFor(donor.id, [{ amount: 100_00 }], { isDonation: true });
  const cheque = (await record(invoice.public_id, 40_00)).json().payment;
  await fx.cardFor(donor.token, invoice.auction_id);
  expect((await pay(donor.token, invoice.public_id)).json()).toMatchObject({ isPaid: true });
  const [receipt] = await inForce(invoice.id);
  expect(receipt).toMatchObject({ eligible_amount: 100_00 });
  return { donor, invoice, cheque, receipt: receipt as NonNullable<typeof receipt> };
}

describe('a donation receipt while a cancelled payment has the invoice unpaid', () => {
  it("a card refund settling after the cheque's cancellation issues none; the payment that completes the invoice issues one, for the gift left", async () => {
    const { invoice, cheque, receipt } = await paidByChequeAndCard();

    // A cent back on the card, its outcome held at Stripe while the cheque bounces.
    const held = holdWebhook(kit.test, 'refund.created');
    const refunding = refund(invoice.public_id, 1);
    await held.reached;
    const cancelled = await cancel(invoice.public_id, cheque.id);
    held.release();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().invoice).toMatchObject({ status: 1, dueCents: 40_00, receiptNumber: null });
    const refunded = await refunding;
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund).toMatchObject({ status: 'succeeded' });
    // Unpaid: nothing received to acknowledge, so no receipt in force.
    expect(await inForce(invoice.id)).toEqual([]);
    // The refund told again (a redelivery, a new event of the same state): still none.
    const refundEvents = kit.test.stripe.events.filter(
      (event) =>
        event.type.startsWith('refund.') &&
        (event.data.object.metadata as Record<string, string> | undefined)?.invoiceRefundId ===
          refunded.json().refund.id,
    );
    expect(refundEvents.length).toBeGreaterThan(0);
    for (const event of refundEvents) {
      expect(await kit.test.stripe.deliver(event)).toBe(200);
      expect(await kit.test.stripe.deliver(toldAgain(event))).toBe(200);
    }
    expect(await inForce(invoice.id)).toEqual([]);

    // The cheque replaced by hand: paid, and one receipt in force, for the gift less the cent.
    const completed = await record(invoice.public_id, 40_00);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().invoice).toMatchObject({ status: 2, dueCents: 0 });
    const receipts = await inForce(invoice.id);
    expect(receipts).toEqual([expect.objectContaining({ eligible_amount: 99_99, replaces_number: receipt.number })]);
    expect(completed.json().invoice.receiptNumber).toBe(receipts[0]?.number);

    // The refund told once more, on the paid invoice: no replacement of it.
    const before = await receiptsOf(invoice.id);
    for (const event of refundEvents) expect(await kit.test.stripe.deliver(toldAgain(event))).toBe(200);
    expect(await receiptsOf(invoice.id)).toEqual(before);
  });

  it("a refund's state told again changes no receipt, even once the auction asks more for one", async () => {
    const { invoice } = await paidByChequeAndCard();
    const made = await refund(invoice.public_id, 10_00);
    expect(made.json().refund).toMatchObject({ status: 'succeeded' });
    const receipts = await receiptsOf(invoice.id);
    expect(receipts.map((r) => [r.eligible_amount, r.voided_at === null])).toEqual([
      [100_00, false],
      [90_00, true],
    ]);
    // The receipt in force was issued under the minimum of its day; a repeated event is no new fact.
    await kit.test.database.db
      .updateTable('auctions')
      .set({ donation_receipt_minimum_cents: 95_00 })
      .where('id', '=', invoice.auction_id)
      .execute();
    const events = kit.test.stripe.events.filter(
      (event) =>
        event.type === 'refund.created' &&
        (event.data.object.metadata as Record<string, string> | undefined)?.invoiceRefundId === made.json().refund.id,
    );
    expect(events).toHaveLength(1);
    for (const event of events) expect(await kit.test.stripe.deliver(toldAgain(event))).toBe(200);
    expect(await receiptsOf(invoice.id)).toEqual(receipts);
  });

  it('an invoice left with a receipt in force while unpaid (by an earlier version) is paid by card: charged once, paid, one receipt in force', async () => {
    const { donor, invoice, cheque, receipt } = await paidByChequeAndCard();
    expect((await cancel(invoice.public_id, cheque.id)).statusCode).toBe(200);
    // What an earlier version could leave: a receipt in force on the unpaid invoice.
    await sql`UPDATE donation_receipts SET voided_at = NULL WHERE invoice_id = ${invoice.id} AND number = ${receipt.number}`.execute(
      kit.test.database.db,
    );
    const paid = await pay(donor.token, invoice.public_id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect(kit.fixtures().chargesOf(invoice.id)).toBe(2);
    const attempts = await kit.test.database.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('invoice_id', '=', invoice.id)
      .execute();
    expect(attempts.map((a) => a.status)).toEqual(['succeeded', 'succeeded']);
    expect(await inForce(invoice.id)).toEqual([expect.objectContaining({ number: receipt.number })]);
  });
});
