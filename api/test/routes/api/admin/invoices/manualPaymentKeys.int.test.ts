import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, login, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { manualRowsOf, useInvoiceTest } from '../../invoices/invoiceFixtures.ts';

/**
 * A payment recorded by hand, and its cancellation, are idempotent by their command id, scoped to
 * the user who sent it (DESIGN.md §7): the same id with another request is refused (422) rather
 * than answered with the first, which would drop the new note or reason without a word; another
 * user's same id is their own command.
 */
const kit = useInvoiceTest();
let admin = '';
beforeAll(async () => {
  admin = (await login(kit.test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token;
});

const recordAs = (token: string, publicId: string, payload: Record<string, unknown>) =>
  callAs(kit.test.app, token, 'POST', `/api/admin/invoices/${publicId}/manual-payments`, payload);
const record = (publicId: string, payload: Record<string, unknown>) => recordAs(kit.manager, publicId, payload);
const cancelAs = (token: string, publicId: string, paymentId: number, payload: Record<string, unknown>) =>
  callAs(
    kit.test.app,
    token,
    'POST',
    `/api/admin/invoices/${publicId}/manual-payments/${paymentId}/cancellation`,
    payload,
  );
const cancel = (publicId: string, paymentId: number, payload: Record<string, unknown>) =>
  cancelAs(kit.manager, publicId, paymentId, payload);
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
    for (const other of [{ note: 'À la table 5' }, { note: undefined }, { amountCents: 20_00 }, { method: 'cheque' }]) {
      const reused = await record(invoice.public_id, { ...cash, ...other });
      expect(reused.statusCode, reused.body).toBe(422);
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
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    const retried = await cancel(invoice.public_id, payment.id, { ...command, reason: ' Counted twice  ' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ duplicate: true, payment: { cancelReason: 'Counted twice' } });
    expect((await manualRows(invoice.id)).map((row) => row.cancel_reason)).toEqual(['Counted twice']);
  });
});

describe('the command id of a payment recorded by hand is its sender’s', () => {
  it('another staff member sending it on the same invoice records their own payment, not answered the first', async () => {
    const invoice = await unpaidInvoice();
    const body = { amountCents: 30_00, method: 'cash', commandId: randomUUID() };
    const mine = await record(invoice.public_id, body);
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await recordAs(admin, invoice.public_id, body);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toMatchObject({ duplicate: false, invoice: { paidCents: 60_00, dueCents: 40_00 } });
    expect(theirs.json().payment.id).not.toBe(mine.json().payment.id);
    // Each one's retry answers their own recording, and records nothing more.
    expect((await record(invoice.public_id, body)).json()).toMatchObject({
      duplicate: true,
      payment: { id: mine.json().payment.id },
    });
    expect((await recordAs(admin, invoice.public_id, body)).json()).toMatchObject({
      duplicate: true,
      payment: { id: theirs.json().payment.id },
    });
    const rows = await manualRows(invoice.id);
    expect(rows.map((row) => Number(row.amount))).toEqual([30_00, 30_00]);
    expect(rows[1]?.recorded_by).not.toBe(rows[0]?.recorded_by);
  });

  it('reused by the same user on another invoice is refused, nothing recorded there', async () => {
    const first = await unpaidInvoice();
    const second = await unpaidInvoice();
    const body = { amountCents: 30_00, method: 'cash', commandId: randomUUID() };
    expect((await record(first.public_id, body)).statusCode).toBe(200);
    const reused = await record(second.public_id, body);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    expect(await manualRows(second.id)).toEqual([]);
    expect(await manualRows(first.id)).toHaveLength(1);
  });

  it('sent by one user for two invoices at once records one of them and refuses the other, never a 5xx', async () => {
    for (let round = 0; round < 4; round += 1) {
      const invoices = [await unpaidInvoice(), await unpaidInvoice()];
      const body = { amountCents: 10_00, method: 'cash', commandId: randomUUID() };
      const answers = await Promise.all(invoices.map((invoice) => record(invoice.public_id, body)));
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
        200, 422,
      ]);
      expect(answers.find((answer) => answer.statusCode === 422)?.json().message).toBe('idempotency_key_reused');
      const rows = [...(await manualRows(invoices[0]?.id ?? 0)), ...(await manualRows(invoices[1]?.id ?? 0))];
      expect(rows).toHaveLength(1);
    }
  });
});

describe('the command id of a cancellation is its sender’s', () => {
  /** An invoice with two recordings of 30 $ and 20 $ by the manager. */
  async function twoRecordings() {
    const invoice = await unpaidInvoice();
    const ids: number[] = [];
    for (const amountCents of [30_00, 20_00]) {
      const recorded = await record(invoice.public_id, { amountCents, method: 'cash', commandId: randomUUID() });
      expect(recorded.statusCode, recorded.body).toBe(200);
      ids.push(recorded.json().payment.id);
    }
    return { invoice, ids: ids as [number, number] };
  }

  it('another staff member sending it cancels for themselves: the same recording is already cancelled, another one is theirs to cancel', async () => {
    const { invoice, ids } = await twoRecordings();
    const command = { reason: 'Counted twice', commandId: randomUUID() };
    expect((await cancel(invoice.public_id, ids[0], command)).statusCode).toBe(200);
    // Not answered as the manager's cancellation: theirs would change nothing, so it is refused.
    const same = await cancelAs(admin, invoice.public_id, ids[0], command);
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json().message).toBe('manual_payment_already_cancelled');
    const other = await cancelAs(admin, invoice.public_id, ids[1], command);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ duplicate: false, payment: { id: ids[1] }, invoice: { paidCents: 0 } });
    const rows = await manualRows(invoice.id);
    expect(rows.map((row) => row.cancelled_by)).toEqual([rows[0]?.recorded_by, expect.any(String)]);
    expect(rows[1]?.cancelled_by).not.toBe(rows[0]?.cancelled_by);
  });

  it('reused by the same user on another invoice is refused, nothing cancelled there', async () => {
    const first = await twoRecordings();
    const second = await twoRecordings();
    const command = { reason: 'Counted twice', commandId: randomUUID() };
    expect((await cancel(first.invoice.public_id, first.ids[0], command)).statusCode).toBe(200);
    const reused = await cancel(second.invoice.public_id, second.ids[0], command);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    expect((await manualRows(second.invoice.id)).map((row) => row.cancelled_at)).toEqual([null, null]);
  });

  it('sent by one user for two invoices at once cancels one recording and refuses the other, never a 5xx', async () => {
    for (let round = 0; round < 4; round += 1) {
      const both = [await twoRecordings(), await twoRecordings()];
      const command = { reason: 'Counted twice', commandId: randomUUID() };
      const answers = await Promise.all(both.map(({ invoice, ids }) => cancel(invoice.public_id, ids[0], command)));
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
        200, 422,
      ]);
      const rows = [...(await manualRows(both[0]?.invoice.id ?? 0)), ...(await manualRows(both[1]?.invoice.id ?? 0))];
      expect(rows.filter((row) => row.cancelled_at !== null)).toHaveLength(1);
    }
  });
});
