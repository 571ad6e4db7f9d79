import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callAs, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { invoiceFixtures, refundsOf, useInvoiceTest } from './invoiceFixtures.ts';

/**
 * A refund's command id is its sender's idempotency key (DESIGN.md §7, docs/payments.md
 * "Refunds"): the same key and request answers the first refund, the same key with another request
 * is refused, and another user's key is theirs alone.
 */
const kit = useInvoiceTest();

interface RefundBody {
  amountCents: number;
  reason: string;
  commandId: string;
}
const refundAs = (token: string, publicId: string, body: RefundBody) =>
  callAs(kit.test.app, token, 'POST', `/api/admin/invoices/${publicId}/refunds`, { ...body });
const newRefund = (amountCents = 1_00): RefundBody => ({
  amountCents,
  reason: 'Lot not delivered',
  commandId: randomUUID(),
});

/** A new bidder's invoice of 100 $ (no taxes), paid by card; `organizationId` the demo's unless given. */
async function paidByCard(organizationId?: number) {
  const bidder = await registerConfirmed(kit.test);
  const fx = organizationId === undefined ? kit.fixtures() : invoiceFixtures(kit.test, () => organizationId);
  const invoice = await fx.invoiceFor(bidder.id, [{ amount: 100_00 }], { taxes: false });
  await fx.cardFor(bidder.token, invoice.auction_id);
  const paid = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
  expect(paid.json()).toMatchObject({ isPaid: true });
  return invoice;
}

/** The refunds Stripe (the double) made for one of our refund rows. */
const stripeRefundsOf = (refundId: string) =>
  kit.test.stripe.events.filter(
    (event) =>
      event.type === 'refund.created' &&
      (event.data.object.metadata as Record<string, string> | undefined)?.invoiceRefundId === refundId,
  ).length;

/** A manager of a new organisation of their own. */
async function managerOfAnotherOrganization() {
  const admin = (await login(kit.test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token;
  const other = await callAs(kit.test.app, admin, 'POST', '/api/admin/organizations', {
    name: `Autre ${randomUUID()}`,
  });
  expect(other.statusCode, other.body).toBe(201);
  const manager = await registerConfirmed(kit.test);
  const granted = await callAs(
    kit.test.app,
    admin,
    'PUT',
    `/api/admin/organizations/${other.json().id}/members/${manager.id}/roles/2`,
  );
  expect(granted.statusCode, granted.body).toBeLessThan(300);
  const token = (await login(kit.test.app, manager.body.username, manager.body.password)).body.token;
  return { organizationId: other.json().id as number, token, admin };
}

describe('a refund command id', () => {
  it('sent by one user for two invoices at once refunds one of them and refuses the other, never a 5xx', async () => {
    const first = await paidByCard();
    const second = await paidByCard();
    for (let round = 0; round < 4; round += 1) {
      const body = newRefund();
      const answers = await Promise.all(
        [first, second].map((invoice) => refundAs(kit.manager, invoice.public_id, body)),
      );
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
        200, 422,
      ]);
      expect(answers.find((answer) => answer.statusCode === 422)?.json().message).toBe('idempotency_key_reused');
      const rows = [...(await refundsOf(kit.test, first.id)), ...(await refundsOf(kit.test, second.id))];
      expect(rows.filter((row) => row.command_id === body.commandId)).toHaveLength(1);
    }
  });

  it("is the user's own: another organisation's operator, or another operator of the invoice, using it makes their own refund", async () => {
    const ours = await paidByCard();
    const body = newRefund(2_00);
    const mine = await refundAs(kit.manager, ours.public_id, body);
    expect(mine.statusCode, mine.body).toBe(200);

    // Another organisation's operator with the same key: their own refund, told nothing of ours.
    const other = await managerOfAnotherOrganization();
    const theirs = await paidByCard(other.organizationId);
    const foreign = await refundAs(other.token, theirs.public_id, body);
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json().refund).toMatchObject({ status: 'succeeded', amount: { value: 2 } });
    expect(foreign.json().refund.id).not.toBe(mine.json().refund.id);

    // An administrator on the same invoice with the same key: another refund, another Refund at Stripe.
    const byAdmin = await refundAs(other.admin, ours.public_id, body);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().refund).toMatchObject({ status: 'succeeded' });
    expect(byAdmin.json().refund.id).not.toBe(mine.json().refund.id);
    expect(await refundsOf(kit.test, ours.id)).toHaveLength(2);
    for (const answer of [mine, foreign, byAdmin]) expect(stripeRefundsOf(answer.json().refund.id)).toBe(1);

    // Each user's retry answers their own refund, and refunds nothing more.
    const retried = await refundAs(kit.manager, ours.public_id, body);
    expect(retried.json().refund.id).toBe(mine.json().refund.id);
    expect(await refundsOf(kit.test, ours.id)).toHaveLength(2);
  });

  it('with another reason or amount is another request: refused (422), the first refund unchanged; the same reason retried answers it', async () => {
    const invoice = await paidByCard();
    const body = newRefund();
    const first = await refundAs(kit.manager, invoice.public_id, body);
    expect(first.statusCode, first.body).toBe(200);
    for (const other of [{ reason: 'Lot damaged' }, { amountCents: 2_00 }]) {
      const reused = await refundAs(kit.manager, invoice.public_id, { ...body, ...other });
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json().message).toBe('idempotency_key_reused');
    }
    const retried = await refundAs(kit.manager, invoice.public_id, { ...body, reason: `  ${body.reason} ` });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refund).toMatchObject({ id: first.json().refund.id, reason: body.reason });
    expect(await refundsOf(kit.test, invoice.id)).toEqual([expect.objectContaining({ reason: body.reason })]);
  });

  it('reused by the same user on another invoice is refused (422), nothing refunded there', async () => {
    const first = await paidByCard();
    const second = await paidByCard();
    const body = newRefund();
    expect((await refundAs(kit.manager, first.public_id, body)).statusCode).toBe(200);
    const reused = await refundAs(kit.manager, second.public_id, body);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    expect(await refundsOf(kit.test, second.id)).toEqual([]);
  });
});
