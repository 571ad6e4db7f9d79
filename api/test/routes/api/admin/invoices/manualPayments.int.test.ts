import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callAs, login, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import {
  deliveriesOf,
  manualRowsOf,
  receiptsOf as receiptsIn,
  useInvoiceTest,
} from '../../invoices/invoiceFixtures.ts';

const kit = useInvoiceTest();

const record = (token: string, publicId: string, payload: Record<string, unknown>) =>
  callAs(kit.test.app, token, 'POST', `/api/admin/invoices/${publicId}/manual-payments`, payload);
const cancel = (token: string, publicId: string, paymentId: number, payload: Record<string, unknown>) =>
  callAs(
    kit.test.app,
    token,
    'POST',
    `/api/admin/invoices/${publicId}/manual-payments/${paymentId}/cancellation`,
    payload,
  );
/** A payment of its own: a fresh command id, so the API records it rather than taking it for a retry. */
const newPayment = (amountCents: number, method: 'cash' | 'cheque') => ({
  amountCents,
  method,
  commandId: randomUUID(),
});
/** The invoice as its bidder sees it. */
const invoiceSeenBy = async (token: string, publicId: string) =>
  (await callAs(kit.test.app, token, 'GET', `/api/auctions/invoice/${publicId}`)).json();
const manualRows = (invoiceId: number) => manualRowsOf(kit.test, invoiceId);

const receiptsOf = (invoiceId: number) => receiptsIn(kit.test, invoiceId);

/** The recording's cancellation is refused with 409 and `key`, and the recording still pays. */
async function expectCancellationRefused(invoice: { id: number; public_id: string }, paymentId: number, key: string) {
  const refused = await cancel(kit.manager, invoice.public_id, paymentId, {
    reason: 'Bounced',
    commandId: randomUUID(),
  });
  expect(refused.statusCode).toBe(409);
  expect(refused.json().message).toBe(key);
  const row = (await manualRows(invoice.id)).find((each) => each.id === paymentId);
  expect(row?.cancelled_at).toBeNull();
}

/** An unpaid invoice of 100 $ (no taxes) for a new bidder of the demo organisation. */
async function unpaidInvoice() {
  const bidder = await registerConfirmed(kit.test);
  const invoice = await kit.fixtures().invoiceFor(bidder.id, [{ amount: 100_00 }], { taxes: false });
  return { bidder, invoice };
}

describe('payments recorded by hand', () => {
  it('records cash then a cheque: partly paid, then paid, once per command, shown to the bidder', async () => {
    const { bidder, invoice } = await unpaidInvoice();
    const cash = { amountCents: 40_00, method: 'cash', note: 'À la table 4', commandId: randomUUID() };
    const first = await record(kit.manager, invoice.public_id, cash);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'payment_recorded',
      duplicate: false,
      payment: { amountCents: 40_00, method: 'cash', note: 'À la table 4' },
      invoice: { status: 1, paidCents: 40_00, dueCents: 60_00 },
    });
    expect(first.json().payment.recordedBy).toBeTruthy();
    // A retry (a double click, a timeout) records nothing more.
    const retry = await record(kit.manager, invoice.public_id, cash);
    expect(retry.json()).toMatchObject({ duplicate: true, payment: { id: first.json().payment.id } });
    expect(await manualRows(invoice.id)).toHaveLength(1);
    const reused = await record(kit.manager, invoice.public_id, { ...cash, amountCents: 10_00 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');

    const seenPartly = await invoiceSeenBy(bidder.token, invoice.public_id);
    expect(seenPartly).toMatchObject({ isPaid: false, amount: { value: 60 } });
    expect(seenPartly.payments).toMatchObject([{ method: 'cash', amount: { value: 40 } }]);
    // The print version of a partly paid invoice lists the payment and what is still due.
    const pdf = await callAs(kit.test.app, bidder.token, 'GET', `/api/auctions/invoice/${invoice.public_id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    const over = await record(kit.manager, invoice.public_id, newPayment(60_01, 'cheque'));
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('payment_exceeds_amount_due');
    expect(await manualRows(invoice.id)).toHaveLength(1);

    const cheque = await record(kit.manager, invoice.public_id, newPayment(60_00, 'cheque'));
    expect(cheque.json().invoice).toMatchObject({ status: 2, paidCents: 100_00, dueCents: 0 });
    const seenPaid = await invoiceSeenBy(bidder.token, invoice.public_id);
    expect(seenPaid).toMatchObject({ isPaid: true, amount: { value: 0 } });
    expect(seenPaid.payments.map((p: { method: string }) => p.method)).toEqual(['cash', 'cheque']);

    const afterPaid = await record(kit.manager, invoice.public_id, newPayment(1_00, 'cash'));
    expect(afterPaid.statusCode).toBe(409);
    expect(afterPaid.json().message).toBe('invoice_already_paid');
  });

  it('leaves only the rest for the card to charge', async () => {
    const { bidder, invoice } = await unpaidInvoice();
    await record(kit.manager, invoice.public_id, newPayment(25_00, 'cheque'));
    await kit.fixtures().cardFor(bidder.token, invoice.auction_id);
    const paid = await callAs(
      kit.test.app,
      bidder.token,
      'POST',
      `/api/auctions/invoice/${invoice.public_id}/payment`,
      {},
    );
    expect(paid.json()).toMatchObject({ isPaid: true });
    const attempt = await kit.test.database.db
      .selectFrom('payment_attempts')
      .select('amount')
      .where('invoice_id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(Number(attempt.amount)).toBe(75_00);
  });

  it("lists the auction's invoices with what is raised, paid and unpaid", async () => {
    const { invoice } = await unpaidInvoice();
    await record(kit.manager, invoice.public_id, newPayment(30_00, 'cash'));
    const listed = await callAs(kit.test.app, kit.manager, 'GET', `/api/admin/auctions/${invoice.auction_id}/invoices`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ raisedCents: 100_00, paidCents: 30_00, unpaidCents: 70_00 });
    expect(listed.json().invoices).toMatchObject([{ stripeInvoiceId: invoice.public_id, dueCents: 70_00 }]);
  });

  it('refuses bidders, volunteers, other organisations and bad input, recording nothing', async () => {
    const { bidder, invoice } = await unpaidInvoice();
    const body = newPayment(10_00, 'cash');
    expect((await record(bidder.token, invoice.public_id, body)).statusCode).toBe(403);
    const volunteer = (await login(kit.test.app, 'volunteer@demo.local', 'Demo-Volunteer-2026!')).body.token;
    expect((await record(volunteer, invoice.public_id, body)).statusCode).toBe(403);
    const admin = (await login(kit.test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token;
    const other = await callAs(kit.test.app, admin, 'POST', '/api/admin/organizations', {
      name: `Autre ${randomUUID()}`,
    });
    const stranger = await registerConfirmed(kit.test);
    await callAs(
      kit.test.app,
      admin,
      'PUT',
      `/api/admin/organizations/${other.json().id}/members/${stranger.id}/roles/2`,
    );
    const strangerToken = (await login(kit.test.app, stranger.body.username, stranger.body.password)).body.token;
    const foreign = await record(strangerToken, invoice.public_id, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('invoice_not_found');
    const foreignList = await callAs(
      kit.test.app,
      strangerToken,
      'GET',
      `/api/admin/auctions/${invoice.auction_id}/invoices`,
    );
    expect(foreignList.statusCode).toBe(404);
    for (const bad of [
      { ...body, amountCents: 0 },
      { ...body, amountCents: 10.5 },
      { ...body, method: 'bitcoin' },
      { ...body, commandId: undefined },
      { ...body, extra: true },
    ]) {
      expect((await record(kit.manager, invoice.public_id, bad)).statusCode).toBe(400);
    }
    expect(await manualRows(invoice.id)).toHaveLength(0);
  });

  it('refuses staff money on their own invoice, which an administrator records instead', async () => {
    const manager = await kit.test.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'manager@demo.local')
      .executeTakeFirstOrThrow();
    const invoice = await kit.fixtures().invoiceFor(manager.id, [{ amount: 100_00 }], { taxes: false });
    const body = newPayment(100_00, 'cash');
    const own = await record(kit.manager, invoice.public_id, body);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('own_invoice_not_allowed');
    const ownRefund = await callAs(
      kit.test.app,
      kit.manager,
      'POST',
      `/api/admin/invoices/${invoice.public_id}/refunds`,
      {
        amountCents: 10_00,
        reason: 'Lot not delivered',
        commandId: randomUUID(),
      },
    );
    expect(ownRefund.statusCode).toBe(403);
    expect(ownRefund.json().message).toBe('own_invoice_not_allowed');
    expect(await manualRows(invoice.id)).toHaveLength(0);
    // The manager still reads and pays it as its bidder; the console says it is theirs.
    expect(await invoiceSeenBy(kit.manager, invoice.public_id)).toMatchObject({ isPaid: false });
    const listed = await callAs(kit.test.app, kit.manager, 'GET', `/api/admin/auctions/${invoice.auction_id}/invoices`);
    expect(listed.json().invoices).toMatchObject([{ stripeInvoiceId: invoice.public_id, ownInvoice: true }]);

    const admin = (await login(kit.test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token;
    const recorded = await record(admin, invoice.public_id, body);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().invoice).toMatchObject({ status: 2, dueCents: 0, ownInvoice: false });
  });

  it('cancels a recording of an unpaid invoice with its reason: it stays listed, pays nothing, once per command', async () => {
    const { bidder, invoice } = await unpaidInvoice();
    const cash = (await record(kit.manager, invoice.public_id, newPayment(40_00, 'cash'))).json().payment;
    await record(kit.manager, invoice.public_id, newPayment(10_00, 'cheque'));
    const command = { reason: 'Counted twice at the door', commandId: randomUUID() };
    const cancelled = await cancel(kit.manager, invoice.public_id, cash.id, command);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'payment_cancelled',
      duplicate: false,
      payment: { id: cash.id, amountCents: 40_00, cancelReason: 'Counted twice at the door' },
      invoice: { status: 1, paidCents: 10_00, dueCents: 90_00 },
    });
    expect(cancelled.json().payment.cancelledAt).toBeTruthy();
    expect(cancelled.json().payment.cancelledBy).toBeTruthy();
    // The console still lists it, struck out; the auction's totals leave it out.
    const listed = (
      await callAs(kit.test.app, kit.manager, 'GET', `/api/admin/auctions/${invoice.auction_id}/invoices`)
    ).json();
    expect(listed).toMatchObject({ paidCents: 10_00, unpaidCents: 90_00 });
    expect(listed.invoices[0].manualPayments).toHaveLength(2);

    // A retry answers the first cancellation; the same command on another recording is refused.
    const retry = await cancel(kit.manager, invoice.public_id, cash.id, command);
    expect(retry.json()).toMatchObject({ duplicate: true, payment: { id: cash.id } });
    const rows = await manualRows(invoice.id);
    const cheque = rows.find((row) => row.id !== cash.id);
    const reused = await cancel(kit.manager, invoice.public_id, Number(cheque?.id), command);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    const again = await cancel(kit.manager, invoice.public_id, cash.id, { ...command, commandId: randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('manual_payment_already_cancelled');

    // The bidder's invoice owes the cancelled amount again and no longer lists it.
    const seen = await invoiceSeenBy(bidder.token, invoice.public_id);
    expect(seen).toMatchObject({ isPaid: false, amount: { value: 90 } });
    expect(seen.payments.map((p: { method: string }) => p.method)).toEqual(['cheque']);
    // A new recording may now cover the whole rest, and the card would charge only what is due.
    const rest = await record(kit.manager, invoice.public_id, newPayment(90_00, 'cash'));
    expect(rest.json().invoice).toMatchObject({ status: 2, dueCents: 0 });
  });

  it('refuses to cancel an unknown recording, without a reason, or by the wrong people, changing nothing', async () => {
    const { bidder, invoice } = await unpaidInvoice();
    const first = (await record(kit.manager, invoice.public_id, newPayment(30_00, 'cash'))).json().payment;
    const withoutReason = await cancel(kit.manager, invoice.public_id, first.id, { commandId: randomUUID() });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().messages).toEqual(['payment_cancellation_reason_required']);
    const blank = await cancel(kit.manager, invoice.public_id, first.id, { reason: '  ', commandId: randomUUID() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().messages).toEqual(['payment_cancellation_reason_required']);
    const unknown = await cancel(kit.manager, invoice.public_id, first.id + 10_000, {
      reason: 'Wrong one',
      commandId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('manual_payment_not_found');
    // A recording of another invoice is not found through this one.
    const other = await unpaidInvoice();
    const foreign = await cancel(kit.manager, other.invoice.public_id, first.id, {
      reason: 'Wrong invoice',
      commandId: randomUUID(),
    });
    expect(foreign.statusCode).toBe(404);
    // Bidders and volunteers are refused at the door of the console's API.
    const reason = { reason: 'Not theirs', commandId: randomUUID() };
    expect((await cancel(bidder.token, invoice.public_id, first.id, reason)).statusCode).toBe(403);
    const volunteer = (await login(kit.test.app, 'volunteer@demo.local', 'Demo-Volunteer-2026!')).body.token;
    expect((await cancel(volunteer, invoice.public_id, first.id, reason)).statusCode).toBe(403);

    const rows = await manualRows(invoice.id);
    expect(rows.every((row) => row.cancelled_at === null && row.cancel_command_id === null)).toBe(true);
    expect((await invoiceSeenBy(bidder.token, invoice.public_id)).amount.value).toBe(70);
  });

  it('takes an invoice paid by hand back to unpaid: its receipt is voided, the bidder told once, and paying again issues a receipt naming it', async () => {
    const donor = await registerConfirmed(kit.test);
    const fx = kit.fixtures();
    const invoice = await fx.invoiceFor(donor.id, [{ amount: 100_00 }], { isDonation: true });
    const cheque = (await record(kit.manager, invoice.public_id, newPayment(100_00, 'cheque'))).json();
    expect(cheque.invoice).toMatchObject({ status: 2, paymentsCancellable: true });
    const receipt = cheque.invoice.receiptNumber;
    expect(receipt).toEqual(expect.any(Number));
    // The paid email is queued after the answer, and not at all once the invoice is unpaid again: a
    // cheque bounces days later, so wait for it before cancelling.
    const outbox = kit.test.messaging.outbox;
    const firstPaid = await outbox.waitFor(donor.body.username, { template: 'invoicePaidEmail' });

    const command = { reason: 'Cheque bounced', commandId: randomUUID() };
    const cancelled = await cancel(kit.manager, invoice.public_id, cheque.payment.id, command);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().invoice).toMatchObject({
      status: 1,
      paidCents: 0,
      dueCents: 100_00,
      paidAt: null,
      receiptNumber: null,
      paymentsCancellable: true,
    });
    // A retry answers the first cancellation and changes nothing more.
    const retry = await cancel(kit.manager, invoice.public_id, cheque.payment.id, command);
    expect(retry.json()).toMatchObject({ duplicate: true, invoice: { status: 1 } });
    const voided = await receiptsOf(invoice.id);
    expect(voided).toHaveLength(1);
    expect(voided[0]?.voided_at).toBeInstanceOf(Date);
    const seen = await invoiceSeenBy(donor.token, invoice.public_id);
    expect(seen).toMatchObject({ isPaid: false, amount: { value: 100 }, donationReceipt: null, payments: [] });
    // The bidder sees why: the cheque, cancelled, without the staff's reason.
    expect(seen.cancelledPayments).toEqual([
      expect.objectContaining({ id: `manual-${cheque.payment.id}`, amount: { value: 100, currencyCode: 'CAD' } }),
    ]);
    expect(JSON.stringify(seen)).not.toContain('Cheque bounced');

    // The donor is told what is due again and that the receipt is void, once.
    const mail = await kit.test.messaging.outbox.waitFor(donor.body.username, { template: 'invoiceReopenedEmail' });
    expect(mail.subject).toContain(`no\u00a0${invoice.number}`);
    expect(mail.body).toContain(`no\u00a0${receipt}`);
    expect(await deliveriesOf(kit.test, `invoice-reopened:${cheque.payment.id}`)).toBe(1);

    // Paid again by card: a new receipt that names the voided one, and a new paid email.
    await fx.cardFor(donor.token, invoice.auction_id);
    const paid = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, donor.token, {});
    expect(paid.json()).toMatchObject({ isPaid: true });
    const receipts = await receiptsOf(invoice.id);
    expect(receipts).toHaveLength(2);
    expect(receipts[1]).toMatchObject({ voided_at: null, replaces_number: receipt, eligible_amount: 100_00 });
    // Paid again, its own paid email (the workers send it shortly after).
    const secondPaid = await outbox.waitFor(donor.body.username, {
      template: 'invoicePaidEmail',
      afterId: firstPaid.id,
    });
    expect(secondPaid.messageId).not.toBe(firstPaid.messageId);
    // Paid by card now: the card's money goes back by refund.
    const listed = (
      await callAs(kit.test.app, kit.manager, 'GET', `/api/admin/auctions/${invoice.auction_id}/invoices`)
    ).json();
    expect(listed.invoices.find((i: { number: number }) => i.number === invoice.number)).toMatchObject({
      refundableCents: 100_00,
      cardRefundableAtOnceCents: 100_00,
    });
  });

  it('takes an invoice a card paid beside a cheque back to unpaid for the cheque, charges the card again for it alone, and refunds through each charge', async () => {
    const { bidder, invoice } = await unpaidInvoice();
    const fx = kit.fixtures();
    const cheque = (await record(kit.manager, invoice.public_id, newPayment(40_00, 'cheque'))).json().payment;
    await fx.cardFor(bidder.token, invoice.auction_id);
    const first = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
    expect(first.json()).toMatchObject({ isPaid: true });
    const outbox = kit.test.messaging.outbox;
    await outbox.waitFor(bidder.body.username, { template: 'invoicePaidEmail' });

    // The cheque bounced: the invoice owes it again, and only it; the card payment still stands.
    const cancelled = await cancel(kit.manager, invoice.public_id, cheque.id, {
      reason: 'NSF cheque',
      commandId: randomUUID(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().invoice).toMatchObject({
      status: 1,
      paidCents: 60_00,
      dueCents: 40_00,
      paidAt: null,
      refundableCents: 0,
    });
    const seen = await invoiceSeenBy(bidder.token, invoice.public_id);
    expect(seen).toMatchObject({ isPaid: false, amount: { value: 40 } });
    expect(seen.payments).toMatchObject([{ method: 'card', amount: { value: 60 } }]);
    const mail = await outbox.waitFor(bidder.body.username, { template: 'invoiceReopenedEmail' });
    expect(mail.body).toContain('40,00');
    // Nothing can be recorded beyond what it owes again (the card's 60 $ counts).
    const over = await record(kit.manager, invoice.public_id, newPayment(40_01, 'cash'));
    expect(over.json()).toMatchObject({ message: 'payment_exceeds_amount_due', dueCents: 40_00 });

    // Paid again by card: a second charge, of the 40 $ owed.
    const second = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
    expect(second.json()).toMatchObject({ isPaid: true });
    const attempts = await kit.test.database.db
      .selectFrom('payment_attempts')
      .select(['amount', 'payment_intent_id'])
      .where('invoice_id', '=', invoice.id)
      .where('status', '=', 'succeeded')
      .orderBy('created_at')
      .execute();
    expect(attempts.map((a) => Number(a.amount))).toEqual([60_00, 40_00]);
    expect(fx.chargesOf(invoice.id)).toBe(2);
    expect(second.json().paymentIntentId).toBe(attempts[1]?.payment_intent_id);
    // A retry of the payment charges nothing more.
    await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
    expect(fx.chargesOf(invoice.id)).toBe(2);
    const paidAgain = await invoiceSeenBy(bidder.token, invoice.public_id);
    expect(paidAgain).toMatchObject({ isPaid: true, amount: { value: 0 } });
    expect(paidAgain.payments.map((p: { amount: { value: number } }) => p.amount.value)).toEqual([60, 40]);

    // One refund goes through one charge: at most what one charge has left, the most first.
    const listed = async () =>
      (await callAs(kit.test.app, kit.manager, 'GET', `/api/admin/auctions/${invoice.auction_id}/invoices`))
        .json()
        .invoices.find((i: { number: number }) => i.number === invoice.number);
    expect(await listed()).toMatchObject({ refundableCents: 100_00, cardRefundableAtOnceCents: 60_00 });
    const refund = (amountCents: number) =>
      callAs(kit.test.app, kit.manager, 'POST', `/api/admin/invoices/${invoice.public_id}/refunds`, {
        amountCents,
        reason: 'Lot not delivered',
        commandId: randomUUID(),
      });
    const tooMuch = await refund(70_00);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ message: 'refund_exceeds_charge_amount', chargeRefundableCents: 60_00 });
    for (const amount of [50_00, 40_00, 10_00]) {
      const made = await refund(amount);
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().refund).toMatchObject({ status: 'succeeded' });
    }
    const refunds = kit.test.stripe.events
      .filter((event) => event.type === 'refund.created')
      .map((event) => ({ payment_intent: event.data.object.payment_intent, amount: event.data.object.amount }))
      .filter((r) => attempts.some((a) => a.payment_intent_id === r.payment_intent));
    const [firstCharge, secondCharge] = attempts.map((a) => a.payment_intent_id);
    expect(refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [firstCharge, 50_00],
      [secondCharge, 40_00],
      [firstCharge, 10_00],
    ]);
    const nothingLeft = await refund(1);
    expect(nothingLeft.json()).toMatchObject({ message: 'refund_exceeds_paid_amount', refundableCents: 0 });
    expect(await listed()).toMatchObject({ refundableCents: 0, cardRefundableAtOnceCents: 0 });
  });

  it('cancels once when two operators cancel the same recording at the same moment', async () => {
    const { invoice } = await unpaidInvoice();
    const payment = (await record(kit.manager, invoice.public_id, newPayment(35_00, 'cash'))).json().payment;
    const answers = await Promise.all(
      ['Counted twice', 'Wrong invoice'].map((reason) =>
        cancel(kit.manager, invoice.public_id, payment.id, { reason, commandId: randomUUID() }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe('manual_payment_already_cancelled');
    const [row] = await manualRows(invoice.id);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json();
    expect(row?.cancel_reason).toBe(winner.payment.cancelReason);
    expect(winner.invoice).toMatchObject({ paidCents: 0, dueCents: 100_00 });
  });

  it('refuses to cancel while a card payment of the invoice is being charged', async () => {
    const { bidder, invoice } = await unpaidInvoice();
    const payment = (await record(kit.manager, invoice.public_id, newPayment(20_00, 'cash'))).json().payment;
    // The card path's claim: an open attempt for what was due when it began.
    await kit.test.database.db
      .insertInto('payment_attempts')
      .values({
        id: randomUUID(),
        invoice_id: invoice.id,
        user_id: bidder.id,
        stripe_payment_method_id: 'pm_card_visa',
        amount: 80_00,
        currency: 'CAD',
      })
      .execute();
    await expectCancellationRefused(invoice, payment.id, 'payment_in_progress');
  });
});
