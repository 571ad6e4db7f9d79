import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useInvoiceTest } from './invoiceFixtures.ts';

/**
 * A card named by the payment request (`paymentMethodId`) is held to what selecting it for the
 * auction requires (docs/payments.md "Paying an invoice"): one of the auction's payment
 * configuration.
 */
const kit = useInvoiceTest();
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

describe('paying an invoice with a card named by the request', () => {
  it("another payment configuration's card is card_does_not_exist, nothing charged; the auction's own pays", async () => {
    const bidder = await registerConfirmed(kit.test);
    const fx = kit.fixtures();
    const invoice = await fx.invoiceFor(bidder.id, [{ amount: 40_00 }], { taxes: false });
    const own = await fx.cardFor(bidder.token, invoice.auction_id);
    // The demo's auctions charge through configuration 1: a card of the other one, 2.
    const session = await fx.call('POST', '/api/payments/stripeinformations/2/session', bidder.token, {
      successUrl: 'http://auctions.test/en/profile',
      cancelUrl: 'http://auctions.test/en/profile',
    });
    expect(session.statusCode, session.body).toBe(200);
    await kit.test.stripe.completeCheckout(session.json().sessionId, {
      number: '5555 5555 5555 4444',
      expMonth: 12,
      expYear: NEXT_YEAR,
      name: 'Card Holder',
    });
    const cards = (await fx.call('GET', '/api/payment-methods', bidder.token)).json() as {
      id: number;
      last4: string;
    }[];
    const elsewhere = cards.find((card) => card.last4 === '4444');
    if (!elsewhere) throw new Error("the other configuration's card is not on file");

    const refused = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {
      paymentMethodId: elsewhere.id,
    });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json().message).toBe('card_does_not_exist');
    expect(fx.chargesOf(invoice.id)).toBe(0);
    const attempts = await kit.test.database.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('invoice_id', '=', invoice.id)
      .execute();
    expect(attempts).toEqual([]);

    const paid = await fx.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {
      paymentMethodId: own,
    });
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect(fx.chargesOf(invoice.id)).toBe(1);
  });
});
