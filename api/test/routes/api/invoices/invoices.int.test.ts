import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { withGalaStatus } from '../../../fixtures/galaStatus.ts';
import { type invoiceFixtures, useInvoiceTest } from './invoiceFixtures.ts';

// Invoices as the workers write them, cards through the stand-in Checkout (invoiceFixtures.ts).
const kit = useInvoiceTest();
const { test, fixtures } = kit;
const call = (...args: Parameters<ReturnType<typeof invoiceFixtures>['call']>) => fixtures().call(...args);
/** A lot won at this price, Quebec's taxes, numbered by the counter. */
const invoiceFor = (bidderId: string, price: number, options: { createdAt?: Date; isDonation?: boolean } = {}) =>
  fixtures().invoiceFor(bidderId, [{ amount: price }], options);
const cardFor = (token: string, auctionId: number, number?: string) => fixtures().cardFor(token, auctionId, number);
const chargesOf = (invoiceId: number) => fixtures().chargesOf(invoiceId);

const pay = (token: string, publicId: string, payload: Record<string, unknown> = {}) =>
  call('POST', `/api/auctions/invoice/${publicId}/payment`, token, payload);

describe('invoice list and invoice page', () => {
  it("lists the caller's invoices in the period, searched, with the years; another bidder sees none", async () => {
    const alice = await registerConfirmed(test);
    const recent = await invoiceFor(alice.id, 50_00);
    const lastYear = await invoiceFor(alice.id, 20_00, {
      createdAt: new Date(Date.UTC(new Date().getUTCFullYear() - 1, 5, 1)),
    });

    const list = await call('GET', '/api/account/invoices', alice.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      invoices: [
        {
          stripeInvoiceId: recent.public_id,
          number: recent.number,
          auctionName: "Gala d'hiver",
          isPaid: false,
          status: 1,
          isDonation: false,
          invoiceTotal: { value: 57.49, currencyCode: 'CAD' },
        },
      ],
    });
    expect(list.json().years).toEqual([new Date().getUTCFullYear(), new Date().getUTCFullYear() - 1]);

    const past = await call('GET', '/api/account/invoices?time=-1&yearsModifier=1', alice.token);
    expect(past.json().invoices.map((i: { number: number }) => i.number)).toEqual([lastYear.number]);
    const thisYear = await call('GET', '/api/account/invoices?time=0', alice.token);
    expect(thisYear.json().count).toBe(1);
    const search = await call('GET', `/api/account/invoices?search=${recent.number}`, alice.token);
    expect(search.json().count).toBe(1);
    expect((await call('GET', '/api/account/invoices?search=nothing-like-it', alice.token)).json().count).toBe(0);
    // By its total, as the search box says, written either way.
    for (const amount of ['57.49', '57,49 $', '$57.49']) {
      const found = await call('GET', `/api/account/invoices?search=${encodeURIComponent(amount)}`, alice.token);
      expect(found.json().invoices.map((i: { number: number }) => i.number)).toEqual([recent.number]);
    }
    expect((await call('GET', '/api/account/invoices?search=57.50', alice.token)).json().count).toBe(0);
    expect((await call('GET', '/api/account/invoices?search=99999999999', alice.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/account/invoices?time=7', alice.token)).statusCode).toBe(400);

    expect(list.json().invoices[0].isPartlyPaid).toBe(false);
    // Part of it recorded by the organisation (cash at the door): partly paid, as its page says.
    await test.database.db
      .insertInto('invoice_manual_payments')
      .values({ invoice_id: recent.id, command_id: 'cash-at-the-door', amount: 20_00, method: 'cash', note: null })
      .execute();
    expect((await call('GET', '/api/account/invoices', alice.token)).json().invoices[0]).toMatchObject({
      isPaid: false,
      isPartlyPaid: true,
    });
    // A card charge that stands on an unpaid invoice (reopened after a cheque bounced) counts too.
    const older = await invoiceFor(alice.id, 30_00);
    await test.database.db
      .insertInto('payment_attempts')
      .values({
        id: randomUUID(),
        invoice_id: older.id,
        user_id: alice.id,
        stripe_payment_method_id: 'pm_reopened',
        amount: 10_00,
        currency: 'cad',
        status: 'succeeded',
      })
      .execute();
    const listed = (await call('GET', '/api/account/invoices', alice.token)).json().invoices;
    expect(listed.find((i: { number: number }) => i.number === older.number)).toMatchObject({ isPartlyPaid: true });

    const bob = await registerConfirmed(test);
    expect((await call('GET', '/api/account/invoices', bob.token)).json()).toMatchObject({ count: 0, invoices: [] });
    expect((await call('GET', '/api/account/invoices', null)).statusCode).toBe(401);
    // Staff of the organisation list every invoice of one of its auctions.
    const staff = await call('GET', `/api/account/invoices?auctionId=${recent.auction_id}`, kit.manager);
    expect(staff.json().invoices.map((i: { number: number }) => i.number)).toEqual([recent.number]);
    // A bidder asking for an auction sees only their own in it.
    expect((await call('GET', `/api/account/invoices?auctionId=${recent.auction_id}`, bob.token)).json().count).toBe(0);
  });

  it('answers one invoice to its bidder and its organisation’s staff, invoice_not_found to anyone else', async () => {
    const carol = await registerConfirmed(test);
    const invoice = await invoiceFor(carol.id, 100_00);
    const mine = await test.app.inject({
      method: 'GET',
      url: `/api/auctions/invoice/${invoice.public_id}`,
      headers: { ...bearer(carol.token), 'accept-language': 'en' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      stripeInvoiceId: invoice.public_id,
      stripeKey: 'pk_test_local_double',
      number: invoice.number,
      auctionName: 'Winter gala',
      isPaid: false,
      isViewerCustomer: true,
      status: 1,
      subtotal: { value: 100, currencyCode: 'CAD' },
      taxes: [
        { name: 'GST', rate: 5, amount: { value: 5 } },
        { name: 'QST', rate: 9.975, amount: { value: 9.98 } },
      ],
      creditCardFee: { value: 0 },
      invoiceTotal: { value: 114.98 },
      amount: { value: 114.98 },
      lines: [
        { lotNumber: 7, description: 'Cottage weekend', quantity: 1, amount: { value: 100 }, isBuyerPremium: false },
      ],
      paymentMethod: null,
      payments: [],
    });
    // In French, each tax by its French name.
    const inFrench = await test.app.inject({
      method: 'GET',
      url: `/api/auctions/invoice/${invoice.public_id}`,
      headers: { ...bearer(carol.token), 'accept-language': 'fr' },
    });
    expect(inFrench.json().taxes.map((tax: { name: string }) => tax.name)).toEqual(['TPS', 'TVQ']);
    // Staff read it without the bidder's controls: it is not theirs to pay.
    const staff = await call('GET', `/api/auctions/invoice/${invoice.public_id}`, kit.manager);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().isViewerCustomer).toBe(false);

    const dave = await registerConfirmed(test);
    const other = await call('GET', `/api/auctions/invoice/${invoice.public_id}`, dave.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('invoice_not_found');
    expect((await call('GET', '/api/auctions/invoice/inv_unknown', carol.token)).json().message).toBe(
      'invoice_not_found',
    );
    expect((await call('GET', `/api/auctions/invoice/${invoice.public_id}`, null)).statusCode).toBe(401);
  });

  it('saves the business field for the bidder only (saved_successfully)', async () => {
    const erin = await registerConfirmed(test);
    const invoice = await invoiceFor(erin.id, 10_00);
    const saved = await call('PATCH', `/api/auctions/invoice/${invoice.public_id}`, erin.token, [
      { fieldName: 'userBusiness', value: 'Erin & Co.' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: 'saved_successfully',
      invoice: { customer: { business: 'Erin & Co.' } },
    });
    const staff = await call('PATCH', `/api/auctions/invoice/${invoice.public_id}`, kit.manager, [
      { fieldName: 'userBusiness', value: 'Not theirs' },
    ]);
    expect(staff.statusCode).toBe(404);
    const wrongField = await call('PATCH', `/api/auctions/invoice/${invoice.public_id}`, erin.token, [
      { fieldName: 'total', value: '0' },
    ]);
    expect(wrongField.statusCode).toBe(400);
  });
});

describe('after the invoices exist', () => {
  it('a bid removal is refused with lot_invoiced (DESIGN.md §3 rule 4), and nothing is appended', async () => {
    const admin = (await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token;
    const { db } = test.database;
    const placed = await db
      .selectFrom('events as e')
      .innerJoin('lots as l', (join) => join.on(sql`e.stream_id`, '=', sql`'lot-' || l.id`))
      .select(['l.id as lotId', 'e.data'])
      .where('l.auction_id', '=', test.galaId)
      .where('e.type', '=', 'BidPlaced')
      .limit(1)
      .executeTakeFirstOrThrow();
    const bidId = encodeURIComponent((placed.data as { bidId: string }).bidId);
    const before = await db.selectFrom('events').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    await withGalaStatus(test, 5, async () => {
      const refused = await call('POST', `/api/admin/lots/${placed.lotId}/bids/${bidId}/remove`, admin, {
        reason: 'after the invoices',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('lot_invoiced');
      const after = await db.selectFrom('events').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });
  });
});

describe('paying an invoice', () => {
  it('charges the selected card once; the invoice is paid with its payment listed', async () => {
    const frank = await registerConfirmed(test);
    const invoice = await invoiceFor(frank.id, 50_00);
    await cardFor(frank.token, invoice.auction_id);
    const paid = await pay(frank.token, invoice.public_id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      success: true,
      message: 'payment_succeeded',
      isPaid: true,
      paymentIntentId: expect.stringMatching(/^pi_/),
      invoice: { isPaid: true, status: 2, amount: { value: 0 }, paymentInProgress: false },
    });
    expect(paid.json().invoice.payments).toEqual([
      expect.objectContaining({
        paymentConfirmationIdentifier: paid.json().paymentIntentId,
        amount: { value: 57.49, currencyCode: 'CAD' },
      }),
    ]);
    const intent = test.stripe.events.findLast((e) => e.type === 'payment_intent.succeeded');
    expect(intent?.data.object).toMatchObject({ amount: 57_49, currency: 'cad' });
    // Paying again (a double click after success) charges nothing more.
    const again = await pay(frank.token, invoice.public_id);
    expect(again.json()).toMatchObject({ isPaid: true, paymentIntentId: paid.json().paymentIntentId });
    expect(chargesOf(invoice.id)).toBe(1);
    // Someone else cannot pay it (nor learn it exists).
    const gina = await registerConfirmed(test);
    expect((await pay(gina.token, invoice.public_id)).json().message).toBe('invoice_not_found');
  });

  it('a declined card answers error_during_paiement and leaves the invoice unpaid; another card then pays it', async () => {
    const hank = await registerConfirmed(test);
    const invoice = await invoiceFor(hank.id, 30_00);
    const bad = await cardFor(hank.token, invoice.auction_id, '4000 0000 0000 0341');
    const declined = await pay(hank.token, invoice.public_id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('error_during_paiement');
    const after = await call('GET', `/api/auctions/invoice/${invoice.public_id}`, hank.token);
    expect(after.json()).toMatchObject({ isPaid: false, status: 1, payments: [], paymentInProgress: false });

    const good = await cardFor(hank.token, invoice.auction_id);
    const paid = await pay(hank.token, invoice.public_id, { paymentMethodId: good });
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect(chargesOf(invoice.id)).toBe(1);
    const { rows } = await sql<{ status: string }>`SELECT status FROM payment_attempts WHERE invoice_id = ${invoice.id}
      ORDER BY created_at`.execute(test.database.db);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'succeeded']);
    // A retry without naming a card (a timeout, a second tab, the auction's card still the declined
    // one): the invoice is paid, so that is the answer, whatever the card; nothing more is charged.
    await sql`UPDATE auction_payment_methods SET payment_method_id = ${bad}
      WHERE auction_id = ${invoice.auction_id} AND user_id = ${hank.id}`.execute(test.database.db);
    const retry = await pay(hank.token, invoice.public_id);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ isPaid: true, paymentIntentId: paid.json().paymentIntentId });
    expect(chargesOf(invoice.id)).toBe(1);
  });

  it('a card Stripe no longer knows answers card_does_not_exist and closes the attempt at once; another card then pays', async () => {
    const hugo = await registerConfirmed(test);
    const invoice = await invoiceFor(hugo.id, 20_00);
    const gone = await cardFor(hugo.token, invoice.auction_id);
    // The card was removed at Stripe (from its dashboard, or a test account reset) but is still on file here.
    await sql`UPDATE payment_methods SET stripe_payment_method_id = 'pm_removed_at_stripe'
      WHERE id = ${gone}`.execute(test.database.db);
    const refused = await pay(hugo.token, invoice.public_id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('card_does_not_exist');
    // Nothing under way: the invoice can be paid (or recorded by the organisation) straight away.
    const after = await call('GET', `/api/auctions/invoice/${invoice.public_id}`, hugo.token);
    expect(after.json()).toMatchObject({ isPaid: false, paymentInProgress: false });
    const { rows } = await sql<{ status: string; error_code: string }>`SELECT status, error_code FROM payment_attempts
      WHERE invoice_id = ${invoice.id}`.execute(test.database.db);
    expect(rows).toEqual([{ status: 'failed', error_code: 'card_does_not_exist' }]);

    const good = await cardFor(hugo.token, invoice.auction_id);
    const paid = await pay(hugo.token, invoice.public_id, { paymentMethodId: good });
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect(chargesOf(invoice.id)).toBe(1);
  });

  it('without a card selected for the auction: requiresSelectedCreditCard, nothing charged', async () => {
    const ivy = await registerConfirmed(test);
    const invoice = await invoiceFor(ivy.id, 10_00);
    const refused = await pay(ivy.token, invoice.public_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('requiresSelectedCreditCard');
    expect(chargesOf(invoice.id)).toBe(0);
  });
});

describe('no double charge', () => {
  it('ten payment requests at once (a double click, two tabs): one charge', async () => {
    const jack = await registerConfirmed(test);
    const invoice = await invoiceFor(jack.id, 75_00);
    await cardFor(jack.token, invoice.auction_id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(jack.token, invoice.public_id)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(answers.some((a) => a.json().message === 'payment_succeeded')).toBe(true);
    expect(chargesOf(invoice.id)).toBe(1);
    const current = await call('GET', `/api/auctions/invoice/${invoice.public_id}`, jack.token);
    expect(current.json()).toMatchObject({ isPaid: true, status: 2 });
    expect(current.json().payments).toHaveLength(1);
  });

  it('an API killed after the charge, before its write: the webhook settles it; a retry charges nothing more', async () => {
    const kate = await registerConfirmed(test);
    const invoice = await invoiceFor(kate.id, 40_00);
    await cardFor(kate.token, invoice.auction_id);
    // The process dies after Stripe charged: the attempt is open, nothing recorded of the charge,
    // and the webhook has not arrived yet.
    test.stripe.pauseWebhooks();
    const payments = test.app.invoicePayments;
    const { db } = test.database;
    const row = await test.app.invoices.byPublicId(invoice.public_id);
    if (!row) throw new Error('no invoice');
    const killed = await payments.pay(row, kate.id, undefined).catch((error) => error);
    expect(killed).toMatchObject({ isPaid: true });
    // Undo the API's own write, as if it never happened: the attempt open again, the invoice unpaid.
    await sql`UPDATE payment_attempts SET status = 'open', payment_intent_id = NULL WHERE invoice_id = ${invoice.id}`.execute(
      db,
    );
    await sql`UPDATE invoices SET status = 1, paid_at = NULL WHERE id = ${invoice.id}`.execute(db);

    // A retry of the request continues the same attempt: Stripe replays the same PaymentIntent.
    const retried = await pay(kate.token, invoice.public_id);
    expect(retried.json()).toMatchObject({ isPaid: true, paymentIntentId: killed.paymentIntentId });
    expect(chargesOf(invoice.id)).toBe(1);

    // The webhook, late and delivered twice, finds it settled and changes nothing.
    await test.stripe.resumeWebhooks();
    const succeeded = test.stripe.events.findLast(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object.metadata as Record<string, string>).invoiceId === String(invoice.id),
    );
    if (!succeeded) throw new Error('no succeeded event');
    expect(await test.stripe.deliver(succeeded)).toBe(200);
    const { rows } = await sql<{
      status: string;
    }>`SELECT status FROM payment_attempts WHERE invoice_id = ${invoice.id}`.execute(db);
    expect(rows).toEqual([{ status: 'succeeded' }]);
    expect(chargesOf(invoice.id)).toBe(1);
  });

  it('the webhook alone marks the invoice paid when the API never wrote the outcome', async () => {
    const liam = await registerConfirmed(test);
    const invoice = await invoiceFor(liam.id, 25_00);
    await cardFor(liam.token, invoice.auction_id);
    test.stripe.pauseWebhooks();
    const row = await test.app.invoices.byPublicId(invoice.public_id);
    if (!row) throw new Error('no invoice');
    await test.app.invoicePayments.pay(row, liam.id, undefined);
    const { db } = test.database;
    await sql`UPDATE payment_attempts SET status = 'open', payment_intent_id = NULL WHERE invoice_id = ${invoice.id}`.execute(
      db,
    );
    await sql`UPDATE invoices SET status = 1, paid_at = NULL WHERE id = ${invoice.id}`.execute(db);
    const pending = await call('GET', `/api/auctions/invoice/${invoice.public_id}`, liam.token);
    expect(pending.json()).toMatchObject({ isPaid: false, paymentInProgress: true });

    await test.stripe.resumeWebhooks();
    const paid = await call('GET', `/api/auctions/invoice/${invoice.public_id}`, liam.token);
    expect(paid.json()).toMatchObject({ isPaid: true, status: 2, paymentInProgress: false });
    expect(paid.json().payments).toHaveLength(1);
    expect(chargesOf(invoice.id)).toBe(1);
  });
});
