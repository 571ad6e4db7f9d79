import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../../accounts/accountFlows.ts';
import { statusesOf } from '../../../fixtures/rateLimits.ts';
import { useInvoiceTest } from '../invoices/invoiceFixtures.ts';

const kit = useInvoiceTest();
const send = (token: string | null, payload: unknown) =>
  kit.fixtures().call('POST', '/api/documents/send-auction-invoice', token, payload);

async function countDeliveries(): Promise<number> {
  const row = await kit.test.database.db
    .selectFrom('message_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('template', '=', 'auctionInvoiceEmail')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/documents/send-auction-invoice', () => {
  it('emails the invoice with its PDF in the chosen language, to the address given', async () => {
    const alice = await registerConfirmed(kit.test);
    const invoice = await kit.fixtures().invoiceFor(alice.id, [{ amount: 1234_56 }]);
    const answer = await send(alice.token, {
      stripeInvoiceId: invoice.public_id,
      email: 'Accounting@Example.com',
      language: 'fr',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: 'invoice_email_sent', messages: ['invoice_email_sent'] });
    const mail = await kit.test.messaging.outbox.waitFor('accounting@example.com', { template: 'auctionInvoiceEmail' });
    expect(mail.subject).toBe(`Facture no\u00a0${invoice.number}\u00a0: Gala d'hiver`);
    // fr-CA amounts: 1 234,56 $ + GST and QST = 1 419,44 $
    expect(mail.body).toContain('1\u00a0419,44\u00a0$');
    expect(mail.attachments).toEqual([
      { filename: `facture-${invoice.number}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    expect(mail.attachments[0]?.size).toBeGreaterThan(1000);

    // The organisation's staff may send it too, in English.
    const staff = await send(kit.manager, {
      stripeInvoiceId: invoice.public_id,
      email: 'board@example.com',
      language: 'en',
    });
    expect(staff.statusCode).toBe(200);
    const english = await kit.test.messaging.outbox.waitFor('board@example.com', { template: 'auctionInvoiceEmail' });
    expect(english.subject).toBe(`Invoice #${invoice.number}: Winter gala`);
    expect(english.body).toContain('$1,419.44');
    expect(english.attachments[0]?.filename).toBe(`invoice-${invoice.number}.pdf`);
  });

  it('another bidder, an unknown invoice, no session, bad input: refused, and nothing sent', async () => {
    const owner = await registerConfirmed(kit.test);
    const stranger = await registerConfirmed(kit.test);
    const invoice = await kit.fixtures().invoiceFor(owner.id, [{ amount: 50_00 }]);
    const before = await countDeliveries();
    const body = { stripeInvoiceId: invoice.public_id, email: 'x@example.com', language: 'en' };

    const foreign = await send(stranger.token, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('invoice_not_found');
    const unknown = await send(owner.token, { ...body, stripeInvoiceId: 'inv_doesnotexist' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('invoice_not_found');
    expect((await send(null, body)).statusCode).toBe(401);
    for (const bad of [
      { ...body, email: 'not-an-email' },
      { ...body, language: 'de' },
      { ...body, stripeInvoiceId: '' },
      { stripeInvoiceId: invoice.public_id },
    ]) {
      const answer = await send(owner.token, bad);
      expect(answer.statusCode).toBe(400);
    }
    expect(await countDeliveries()).toBe(before);
  });

  it('is rate-limited per account (429 too_many_requests)', async () => {
    const bob = await registerConfirmed(kit.test);
    const invoice = await kit.fixtures().invoiceFor(bob.id, [{ amount: 10_00 }]);
    const body = { stripeInvoiceId: invoice.public_id, email: bob.body.username, language: 'en' };
    const statuses = await statusesOf(11, () => send(bob.token, body));
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /api/auctions/invoice/{id}/pdf', () => {
  it('answers the print version to the bidder and the staff, invoice_not_found to anyone else', async () => {
    const carol = await registerConfirmed(kit.test);
    const other = await registerConfirmed(kit.test);
    const invoice = await kit.fixtures().invoiceFor(carol.id, [{ amount: 80_00 }]);
    const url = `/api/auctions/invoice/${invoice.public_id}/pdf`;
    const mine = await kit.fixtures().call('GET', url, carol.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await kit.fixtures().call('GET', url, kit.manager)).statusCode).toBe(200);
    const foreign = await kit.fixtures().call('GET', url, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('invoice_not_found');
    expect((await kit.fixtures().call('GET', url, null)).statusCode).toBe(401);
    // No receipt for an unpaid invoice.
    const receipt = await kit
      .fixtures()
      .call('GET', `/api/auctions/invoice/${invoice.public_id}/receipt.pdf`, carol.token);
    expect(receipt.statusCode).toBe(404);
    expect(receipt.json().message).toBe('receipt_not_found');
  });
});
