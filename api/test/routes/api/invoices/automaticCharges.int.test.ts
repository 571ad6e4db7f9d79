import { createInvoiceChargesQueue, requestAutomaticCharges } from '@auction/platform/invoices';
import { testRedisUrl } from '@auction/platform/testing';
import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useInvoiceTest } from './invoiceFixtures.ts';

const kit = useInvoiceTest();

describe('automatic charging at completion', () => {
  it("charges each pending invoice on the winner's selected card exactly once, even when the job runs twice", async () => {
    const fx = kit.fixtures();
    const hana = await registerConfirmed(kit.test);
    const ivan = await registerConfirmed(kit.test);
    const one = await fx.invoiceFor(hana.id, [{ amount: 45_00 }], { chargeAutomatically: true });
    const two = await fx.invoiceFor(ivan.id, [{ amount: 55_00 }], { chargeAutomatically: true });
    await fx.cardFor(hana.token, one.auction_id);
    await fx.cardFor(ivan.token, two.auction_id);

    // The job for each auction, run twice at once and once more after.
    const charges = kit.test.app.automaticCharges;
    await Promise.all([charges.chargeAuction(one.auction_id), charges.chargeAuction(one.auction_id)]);
    await charges.chargeAuction(two.auction_id);
    expect(await charges.chargeAuction(two.auction_id)).toEqual([]);

    for (const invoice of [one, two]) {
      expect(fx.chargesOf(invoice.id)).toBe(1);
      const row = await kit.test.app.invoices.byId(invoice.id);
      expect(row?.status).toBe(2);
    }
  });

  it('the charges requested on the invoice-charges queue (twice) are run by the API: one charge', async () => {
    const fx = kit.fixtures();
    const noah = await registerConfirmed(kit.test);
    const invoice = await fx.invoiceFor(noah.id, [{ amount: 35_00 }], { chargeAutomatically: true });
    await fx.cardFor(noah.token, invoice.auction_id);
    const queue = createInvoiceChargesQueue({ connection: { url: testRedisUrl() }, prefix: kit.test.prefix });
    try {
      await requestAutomaticCharges(queue, invoice.auction_id);
      await requestAutomaticCharges(queue, invoice.auction_id);
      for (let i = 0; i < 100 && (await kit.test.app.invoices.byId(invoice.id))?.status !== 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await queue.close();
    }
    expect((await kit.test.app.invoices.byId(invoice.id))?.status).toBe(2);
    expect(fx.chargesOf(invoice.id)).toBe(1);
  });

  it('a declined card leaves the invoice unpaid for the bidder to pay by hand; it is not tried again', async () => {
    const fx = kit.fixtures();
    const jade = await registerConfirmed(kit.test);
    const invoice = await fx.invoiceFor(jade.id, [{ amount: 30_00 }], { chargeAutomatically: true });
    await fx.cardFor(jade.token, invoice.auction_id, '4000 0000 0000 0341');
    const outcomes = await kit.test.app.automaticCharges.chargeAuction(invoice.auction_id);
    expect(outcomes).toMatchObject([{ invoiceId: invoice.id, outcome: 'refused' }]);
    expect(await kit.test.app.automaticCharges.chargeAuction(invoice.auction_id)).toEqual([]);
    const attempts = await kit.test.database.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('invoice_id', '=', invoice.id)
      .execute();
    expect(attempts).toEqual([{ status: 'failed' }]);
    expect((await kit.test.app.invoices.byId(invoice.id))?.status).toBe(1);
  });

  it('an invoice without the option, or without a selected card, is not charged', async () => {
    const fx = kit.fixtures();
    const kim = await registerConfirmed(kit.test);
    const manual = await fx.invoiceFor(kim.id, [{ amount: 30_00 }]);
    await fx.cardFor(kim.token, manual.auction_id);
    expect(await kit.test.app.automaticCharges.chargeAuction(manual.auction_id)).toEqual([]);
    const noCard = await fx.invoiceFor(kim.id, [{ amount: 20_00 }], { chargeAutomatically: true });
    const outcomes = await kit.test.app.automaticCharges.chargeAuction(noCard.auction_id);
    expect(outcomes).toMatchObject([{ outcome: 'refused', reason: 'requiresSelectedCreditCard' }]);
    expect(fx.chargesOf(manual.id) + fx.chargesOf(noCard.id)).toBe(0);
  });

  it("the organisation's staff set an auction's automatic charging and receipt minimum through the operator API", async () => {
    const fx = kit.fixtures();
    const lea = await registerConfirmed(kit.test);
    const { auction_id: auctionId } = await fx.invoiceFor(lea.id, [{ amount: 10_00 }]);
    const url = `/api/admin/auctions/${auctionId}`;
    const saved = await fx.call('PATCH', url, kit.manager, {
      chargeAutomaticallyAtCompletion: true,
      donationReceiptMinimumCents: 50_00,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = () =>
      kit.test.database.db
        .selectFrom('auctions')
        .select(['charge_automatically_at_completion', 'donation_receipt_minimum_cents'])
        .where('id', '=', auctionId)
        .executeTakeFirstOrThrow();
    expect(await read()).toEqual({ charge_automatically_at_completion: true, donation_receipt_minimum_cents: 50_00 });
    expect((await fx.call('PATCH', url, kit.manager, { donationReceiptMinimumCents: -1 })).statusCode).toBe(400);
    expect((await fx.call('PATCH', url, lea.token, { chargeAutomaticallyAtCompletion: false })).statusCode).toBe(403);
    expect(await read()).toEqual({ charge_automatically_at_completion: true, donation_receipt_minimum_cents: 50_00 });
  });
});
