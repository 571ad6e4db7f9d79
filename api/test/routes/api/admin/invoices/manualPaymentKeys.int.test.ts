import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { manualRowsOf, useInvoiceTest } from '../../invoices/invoiceFixtures.ts';

/**
 * A payment recorded by hand, and its cancellation, are idempotent by their command id (DESIGN.md
 * §7): the same id with another request is refused rather than answered with the first, which
 * would drop the new note or reason without a word.
 */
const kit = useInvoiceTest();

const record = (publicId: string, payload: Record<string, unknown>) =>
  callAs(kit.test.app, kit.manager, 'POST', `/api/admin/invoices/${publicId}/manual-payments`, payload);
const cancel = (publicId: string, paymentId: number, payload: Record<string, unknown>) =>
  callAs(
    kit.test.app,
    kit.manager,
    'POST',
    `/api/admin/invoices/${publicId}/manual-payments/${paymentId}/cancellation`,
    payload,
  );
const manualRows = (invoiceId: number) => manualRowsOf(kit.test, invoiceId);

/** An unpaid invoice of 100 $ (no taxes) for a new bidder of the demo organisation. */
async function unpaidInvoice() {
  const bidder = await registerConfirmed(kit.test);
  return kit.fixtures().invoiceFor(bidder.id, [{ amount: 100_00 }], { taxes: false });
}

describe('the command id of a payment recorded by hand', () => {
  it('with another note is refused, the first recording unchanged; the same note retried answers it', async () => {
    const invoice = await unpaidInvoice();
    const cash = { amountCents: 30_00, method: 'cash', note: 'À la table 4', commandId: randomUUID() };
    const first = await record(invoice.public_id, cash);
    expect(first.statusCode, first.body).toBe(200);
    for (const note of ['À la table 5', undefined]) {
      const reused = await record(invoice.public_id, { ...cash, note });
      expect(reused.statusCode, reused.body).toBe(409);
      expect(reused.json().message).toBe('idempotency_key_reused');
    }
    const retried = await record(invoice.public_id, { ...cash, note: '  À la table 4 ' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ duplicate: true, payment: { id: first.json().payment.id } });

    // A recording without a note: a note sent with its command later is another request.
    const cheque = { amountCents: 20_00, method: 'cheque', commandId: randomUUID() };
    expect((await record(invoice.public_id, cheque)).statusCode).toBe(200);
    expect((await record(invoice.public_id, { ...cheque, note: 'Chèque no 118' })).json().message).toBe(
      'idempotency_key_reused',
    );
    expect((await record(invoice.public_id, { ...cheque, note: '  ' })).json()).toMatchObject({ duplicate: true });
    expect((await manualRows(invoice.id)).map((row) => [Number(row.amount), row.note])).toEqual([
      [30_00, 'À la table 4'],
      [20_00, null],
    ]);
  });

  it('of a cancellation, with another reason, is refused, the first reason kept; the same reason retried answers it', async () => {
    const invoice = await unpaidInvoice();
    const payment = (
      await record(invoice.public_id, { amountCents: 30_00, method: 'cash', commandId: randomUUID() })
    ).json().payment;
    const command = { reason: 'Counted twice', commandId: randomUUID() };
    const first = await cancel(invoice.public_id, payment.id, command);
    expect(first.statusCode, first.body).toBe(200);
    const reused = await cancel(invoice.public_id, payment.id, { ...command, reason: 'Wrong invoice' });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().message).toBe('idempotency_key_reused');
    const retried = await cancel(invoice.public_id, payment.id, { ...command, reason: ' Counted twice  ' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ duplicate: true, payment: { cancelReason: 'Counted twice' } });
    expect((await manualRows(invoice.id)).map((row) => row.cancel_reason)).toEqual(['Counted twice']);
  });
});
