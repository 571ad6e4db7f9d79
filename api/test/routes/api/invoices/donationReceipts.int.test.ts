import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../../accounts/accountFlows.ts';
import { deliveriesOf, useInvoiceTest } from './invoiceFixtures.ts';

const kit = useInvoiceTest();

/** Pays the invoice on a fresh card and answers the invoice as its bidder then reads it. */
async function paid(token: string, invoice: { public_id: string; auction_id: number }) {
  const fx = kit.fixtures();
  await fx.cardFor(token, invoice.auction_id);
  const payment = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, token, {});
  expect(payment.json()).toMatchObject({ isPaid: true });
  return (await fx.call('GET', `/api/auctions/invoice/${invoice.public_id}`, token)).json();
}

describe('donation receipts', () => {
  it('a paid donation gets a receipt for the donation, numbered on per organisation, emailed and downloadable', async () => {
    const dana = await registerConfirmed(kit.test);
    const first = await kit.fixtures().invoiceFor(dana.id, [{ amount: 100_00 }], { isDonation: true });
    const second = await kit.fixtures().invoiceFor(dana.id, [{ amount: 40_00 }], { isDonation: true });
    const one = await paid(dana.token, first);
    const two = await paid(dana.token, second);
    expect(one.donationReceipt).toMatchObject({
      eligibleAmount: { value: 100, currencyCode: 'CAD' },
      url: `/api/auctions/invoice/${first.public_id}/receipt.pdf`,
    });
    // Sequential without gaps: the second paid receipt takes the next number.
    expect(two.donationReceipt.number).toBe(one.donationReceipt.number + 1);

    const pdf = await kit.fixtures().call('GET', one.donationReceipt.url, dana.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await kit.fixtures().call('GET', one.donationReceipt.url, kit.manager)).statusCode).toBe(200);
    const stranger = await registerConfirmed(kit.test);
    expect((await kit.fixtures().call('GET', one.donationReceipt.url, stranger.token)).statusCode).toBe(404);

    // The paid email carries the invoice and the receipt, in the donor's language (French by default).
    const mail = await kit.test.messaging.outbox.waitFor(dana.body.username, { template: 'invoicePaidEmail' });
    expect(mail.attachments.map((a) => a.filename).sort()).toEqual(
      [`facture-${second.number}.pdf`, `recu-${two.donationReceipt.number}.pdf`].sort(),
    );
  });

  it('a lot won above its fair market value: a receipt for the difference; at or below it, none', async () => {
    const eric = await registerConfirmed(kit.test);
    const above = await kit.fixtures().invoiceFor(eric.id, [{ amount: 500_00, valuation: 300_00 }]);
    const below = await kit.fixtures().invoiceFor(eric.id, [{ amount: 300_00, valuation: 300_00 }]);
    const noValue = await kit.fixtures().invoiceFor(eric.id, [{ amount: 300_00, valuation: null }]);
    expect((await paid(eric.token, above)).donationReceipt).toMatchObject({ eligibleAmount: { value: 200 } });
    expect((await paid(eric.token, below)).donationReceipt).toBeNull();
    expect((await paid(eric.token, noValue)).donationReceipt).toBeNull();
    const none = await kit.fixtures().call('GET', `/api/auctions/invoice/${below.public_id}/receipt.pdf`, eric.token);
    expect(none.statusCode).toBe(404);
    expect(await deliveriesOfPaid(below.id)).toBe(1);
  });

  it("a receipt prints the charity's registration number and address as they were when it was issued", async () => {
    const fx = kit.fixtures();
    const organization = (body: unknown, token = kit.manager) =>
      fx.call('PATCH', `/api/admin/organizations/${kit.organizationId}`, token, body);
    const receiptIdentity = (invoiceId: number) =>
      kit.test.database.db
        .selectFrom('donation_receipts')
        .select(['charity_registration_number', 'organization_address'])
        .where('invoice_id', '=', invoiceId)
        .executeTakeFirstOrThrow();
    const ida = await registerConfirmed(kit.test);

    // Typed with spaces and in lower case: kept in the agency's form.
    const set = await organization({
      charityRegistrationNumber: '123 456 789 rr 0002',
      receiptAddress: '1 rue A\nMontréal',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      charityRegistrationNumber: '123456789RR0002',
      receiptAddress: '1 rue A\nMontréal',
    });
    // Not the agency's form, or by a bidder: refused, nothing changed.
    const bad = await organization({ charityRegistrationNumber: '12345678RR0001' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('invalid_charity_registration_number');
    expect((await organization({ charityRegistrationNumber: null }, ida.token)).statusCode).toBe(403);

    const invoice = await fx.invoiceFor(ida.id, [{ amount: 80_00 }], { isDonation: true });
    await paid(ida.token, invoice);
    expect(await receiptIdentity(invoice.id)).toEqual({
      charity_registration_number: '123456789RR0002',
      organization_address: '1 rue A\nMontréal',
    });
    // Changed or cleared later: the issued receipt keeps what it said.
    const cleared = await organization({ charityRegistrationNumber: '', receiptAddress: null });
    expect(cleared.json()).toMatchObject({ charityRegistrationNumber: null, receiptAddress: null });
    expect((await receiptIdentity(invoice.id)).charity_registration_number).toBe('123456789RR0002');
    const pdf = await fx.call('GET', `/api/auctions/invoice/${invoice.public_id}/receipt.pdf`, ida.token);
    expect(pdf.statusCode).toBe(200);
  });

  it("under the auction's minimum: no receipt", async () => {
    const fay = await registerConfirmed(kit.test);
    const small = await kit.fixtures().invoiceFor(fay.id, [{ amount: 15_00 }], {
      isDonation: true,
      receiptMinimumCents: 20_00,
    });
    expect((await paid(fay.token, small)).donationReceipt).toBeNull();
  });

  it('the payment answer and the webhook both settling: one receipt, one email', async () => {
    const gus = await registerConfirmed(kit.test);
    const invoice = await kit.fixtures().invoiceFor(gus.id, [{ amount: 60_00 }], { isDonation: true });
    await kit.fixtures().cardFor(gus.token, invoice.auction_id);
    kit.test.stripe.pauseWebhooks();
    const [a, b] = await Promise.all([
      kit.fixtures().call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, gus.token, {}),
      kit.fixtures().call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, gus.token, {}),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    // The webhook arrives after the answer settled it, then again.
    await kit.test.stripe.resumeWebhooks();
    const succeeded = kit.test.stripe.events.findLast(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object.metadata as Record<string, string>).invoiceId === String(invoice.id),
    );
    if (!succeeded) throw new Error('no succeeded event');
    await kit.test.stripe.deliver(succeeded);
    await kit.test.messaging.outbox.waitFor(gus.body.username, { template: 'invoicePaidEmail' });
    const receipts = await kit.test.database.db
      .selectFrom('donation_receipts')
      .select('number')
      .where('invoice_id', '=', invoice.id)
      .execute();
    expect(receipts).toHaveLength(1);
    expect(await deliveriesOfPaid(invoice.id)).toBe(1);
    const emails = await kit.test.database.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('message_id', 'like', `invoice-paid:${invoice.id}:%`)
      .execute();
    expect(emails).toHaveLength(1);
  });
});

async function deliveriesOfPaid(invoiceId: number) {
  // The paid email is sent by the workers shortly after the payment.
  for (let i = 0; i < 50; i++) {
    const sent = await deliveriesOf(kit.test, `invoice-paid:${invoiceId}:`);
    if (sent > 0) return sent;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 0;
}
