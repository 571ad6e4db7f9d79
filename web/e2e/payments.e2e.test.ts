import { existsSync } from 'node:fs';
import { createLotCommandHandler, PostgresEventStore } from '@auction/engine';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newBidder, register } from '../../api/test/accounts/accountFlows.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { generateInvoices } from '../../workers/src/invoices/generateInvoices.ts';
import { createAuction, openLot, send, type World } from '../../workers/test/workerFixtures.ts';
import { CHROMIUM, expectAccessible, screenshot, visitorContext } from './browserKit.ts';
import { withServedApp } from './servedApp.ts';

/**
 * Cards and invoices in a real Chromium against the real stack and the local Stripe double
 * (docs/payments.md): a new bidder adds a card through the double's stand-in checkout page, bids
 * on a lot of an auction that requires a card, wins it, finds the invoice in the invoice list and
 * pays it, in French and again in English.
 */
let t: TestApp;
let browser: Browser;
let origin: string;
/** What the workers' fixtures need of a world: the database and the engine. */
let engine: World;

const texts = {
  fr: {
    lotPath: (link: string, lot: number) => `/encans/${link}/lots/${lot}`,
    donationsPath: (link: string) => `/encans/${link}/dons`,
    otherAmount: 'Autre montant',
    otherAmountLabel: 'Votre montant en dollars',
    donate: 'Faire un don',
    invoices: '/profil/factures',
    addToBid: 'Ajouter une carte pour miser',
    continue: 'Continuer vers la page sécurisée',
    bid: 'Miser',
    confirm: 'Confirmer',
    bidPlaced: 'Votre mise a été placée.',
    view: (n: number) => `Voir la facture no ${n}`,
    pay: /^Payer /,
    paid: 'Payée',
    received: 'Paiement reçu. Merci\u202f!',
  },
  en: {
    lotPath: (link: string, lot: number) => `/en/auctions/${link}/items/${lot}`,
    donationsPath: (link: string) => `/en/auctions/${link}/donations`,
    otherAmount: 'Other amount',
    otherAmountLabel: 'Your amount in dollars',
    donate: 'Make a donation',
    invoices: '/en/profile/invoices',
    addToBid: 'Add a card to bid',
    continue: 'Continue to the secure page',
    bid: 'Bid',
    confirm: 'Confirm',
    bidPlaced: 'Your bid was placed.',
    view: (n: number) => `View invoice #${n}`,
    pay: /^Pay /,
    paid: 'Paid',
    received: 'Payment received. Thank you!',
  },
} as const;

withServedApp(async (served) => {
  ({ t, origin, browser } = served);
  engine = {
    db: t.database.db,
    handler: createLotCommandHandler(new PostgresEventStore(t.database.pool)),
  } as unknown as World;
});

/** An open auction of the demo's organisation (Quebec's taxes) that requires a card to bid, with one lot. */
async function auctionRequiringCard() {
  const gala = await t.database.db
    .selectFrom('auctions')
    .select('organization_id')
    .where('url_magic_link', '=', 'demo-gala')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const auction = await createAuction(t.database.db, {
    status: 3,
    dateOpen: now - 60_000,
    dateCompleted: now + 30 * 60_000,
    organizationId: gala.organization_id,
  });
  await t.database.db
    .updateTable('auctions')
    .set({ require_cc_to_bid: true })
    .where('id', '=', auction.auctionId)
    .execute();
  const endsAt = now + 30 * 60_000;
  const lotId = await openLot(engine, auction.auctionId, { endsAt });
  return { ...auction, lotId, endsAt };
}

/** The bidder's cards on file as the webhooks left them (last digits and state), oldest first. */
const cardsOf = async (userId: string) =>
  (
    await sql<{ last4: string; state: string }>`SELECT pm.last4, pm.state FROM payment_methods pm
      JOIN payment_informations pi ON pi.id = pm.payment_information_id
      WHERE pi.user_id = ${userId} ORDER BY pm.id`.execute(t.database.db)
  ).rows;

/** The lot closes with its leader as winner, the auction completes and is invoiced (the workers' steps, run at once). */
async function winAndInvoice(auctionId: number, lotId: number, endsAt: number) {
  // The closing worker's command, dated at the lot's end so the test need not wait for it.
  await send(engine.handler, lotId, { type: 'CloseLot' }, { at: endsAt });
  await t.database.db.updateTable('auctions').set({ status: 4 }).where('id', '=', auctionId).execute();
  await expect
    .poll(async () => (await generateInvoices(t.database.db, { redis: t.redis, prefix: t.prefix }, auctionId)).kind, {
      timeout: 15_000,
      interval: 250,
    })
    .toBe('generated');
}

/** The stand-in for Stripe's hosted checkout page (platform/src/services/stripeDouble.ts). */
async function typeCard(page: Page, number = '4242 4242 4242 4242') {
  await page.locator('input[name=number]').waitFor();
  await page.fill('input[name=name]', 'Marie Tremblay');
  await page.fill('input[name=number]', number);
  await page.fill('input[name=expiry]', '12 / 34');
  await page.fill('input[name=cvc]', '123');
  await page.click('button[type=submit]');
}

describe.runIf(existsSync(CHROMIUM))('cards and invoices in the browser', { timeout: 150_000 }, () => {
  it.each(['fr', 'en'] as const)('adds a card, wins a lot, and pays its invoice (%s)', async (lang) => {
    const say = texts[lang];
    const bidder = newBidder();
    const registered = await register(t.app, bidder);
    expect(registered.statusCode).toBe(200);
    const { token } = registered.json() as { token: string };
    const { auctionId, urlMagicLink, lotId, endsAt } = await auctionRequiringCard();
    const context = await visitorContext(browser, { token });
    const page = await context.newPage();
    const lotPath = say.lotPath(urlMagicLink, lotId);

    // Rule 2: no card yet, so the bid panel offers to add one, through the hosted checkout and back.
    await page.goto(`${origin}${lotPath}`);
    await page.getByRole('button', { name: say.addToBid }).click();
    await expectAccessible(page, `add card ${lang}`);
    await screenshot(page, `add-card-${lang}`);
    await page.getByRole('dialog').getByRole('button', { name: say.continue }).click();
    await typeCard(page);
    await page.waitForURL(`${origin}${lotPath}`);
    // The card arrives by webhook; the single card counts as selected.
    await expect
      .poll(
        async () => {
          if ((await page.locator('.card-required').count()) === 0) return true;
          await page.reload();
          await page.locator('.lot-detail__price').waitFor();
          return (await page.locator('.card-required').count()) === 0;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);

    await page.getByRole('button', { name: say.bid, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: say.confirm }).click();
    await page.getByText(say.bidPlaced).waitFor();

    // The same card lets them give on the donations page: rules 2 and 3 read their cards there too.
    await t.database.db
      .updateTable('auctions')
      .set({ donation_type: 1, donation_allow_other_amount: true })
      .where('id', '=', auctionId)
      .execute();
    await page.goto(`${origin}${say.donationsPath(urlMagicLink)}`);
    await page.getByLabel(say.otherAmount).check();
    await page.getByLabel(say.otherAmountLabel).fill('5');
    await expect.poll(() => page.getByRole('button', { name: say.donate }).isEnabled()).toBe(true);
    expect(await page.locator('.card-required').count()).toBe(0);

    await winAndInvoice(auctionId, lotId, endsAt);
    const invoice = await t.database.db
      .selectFrom('invoices')
      .select(['number', 'public_id', 'total'])
      .where('auction_id', '=', auctionId)
      .executeTakeFirstOrThrow();
    // 10 $ won with GST (0.50) and QST (1.00): 11.50 $.
    expect(invoice.total).toBe(11_50);

    await page.goto(`${origin}${say.invoices}`);
    await page.getByRole('link', { name: say.view(invoice.number) }).waitFor();
    await expectAccessible(page, `invoice list ${lang}`);
    await screenshot(page, `invoice-list-${lang}`);
    await page.getByRole('link', { name: say.view(invoice.number) }).click();
    await page.locator('.invoice').waitFor();
    await expectAccessible(page, `invoice ${lang}`);
    await screenshot(page, `invoice-unpaid-${lang}`);
    await page.getByRole('button', { name: say.pay }).click();
    await page.getByText(say.received).waitFor({ timeout: 15_000 });
    await page.locator('.invoice__state').getByText(say.paid).waitFor();
    await expectAccessible(page, `paid invoice ${lang}`);
    await screenshot(page, `invoice-paid-${lang}`);
    const paid = await t.database.db
      .selectFrom('invoices')
      .select('status')
      .where('public_id', '=', invoice.public_id)
      .executeTakeFirstOrThrow();
    expect(paid.status).toBe(2);
    await context.close();
  });

  it('says why the bank declined the card, and pays with a card added from the invoice (fr)', async () => {
    const say = texts.fr;
    const registered = await register(t.app, newBidder());
    const { token, id: userId } = registered.json() as { token: string; id: string };
    const { auctionId, urlMagicLink, lotId, endsAt } = await auctionRequiringCard();
    const context = await visitorContext(browser, { token });
    const page = await context.newPage();

    // A card the double accepts on file and declines at every charge.
    await page.goto(`${origin}${say.lotPath(urlMagicLink, lotId)}`);
    await page.getByRole('button', { name: say.addToBid }).click();
    await page.getByRole('dialog').getByRole('button', { name: say.continue }).click();
    await typeCard(page, '4000 0000 0000 0341');
    await page.waitForURL(`${origin}${say.lotPath(urlMagicLink, lotId)}`);
    await expect.poll(async () => (await cardsOf(userId)).length, { timeout: 15_000 }).toBe(1);
    await page.reload();
    await page.getByRole('button', { name: say.bid, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: say.confirm }).click();
    await page.getByText(say.bidPlaced).waitFor();
    await winAndInvoice(auctionId, lotId, endsAt);
    const invoice = await t.database.db
      .selectFrom('invoices')
      .select(['id', 'public_id'])
      .where('auction_id', '=', auctionId)
      .executeTakeFirstOrThrow();

    await page.goto(`${origin}/facture/${invoice.public_id}`);
    await page.getByRole('button', { name: say.pay }).click();
    await page.getByText('Votre carte a été refusée : choisissez une autre carte ou ajoutez-en une.').waitFor();
    await expectAccessible(page, 'declined card fr');
    await screenshot(page, 'invoice-declined-fr');
    // Nothing left under way: the attempt is closed, the invoice unpaid.
    const attempts = await t.database.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('invoice_id', '=', invoice.id)
      .execute();
    expect(attempts.map((a) => a.status)).toEqual(['failed']);

    // Another card, added from the invoice through the hosted checkout, back to the invoice.
    await page.getByRole('button', { name: 'Ajouter une carte' }).click();
    await page.getByRole('dialog').getByRole('button', { name: say.continue }).click();
    await typeCard(page);
    await page.waitForURL(`${origin}/facture/${invoice.public_id}`);
    await expect
      .poll(async () => (await cardsOf(userId)).map((card) => card.last4), { timeout: 15_000 })
      .toEqual(['0341', '4242']);
    // The declined card is no longer offered: the page asks for a card at once, the new one chosen
    // as the only usable one, the declined one shown but not selectable.
    await page.reload();
    const fresh = page.getByRole('radio', { name: /4242/ });
    await fresh.waitFor();
    expect(await fresh.isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /0341/ }).isDisabled()).toBe(true);
    await screenshot(page, 'invoice-new-card-fr');
    await page.getByRole('button', { name: say.pay }).click();
    await page.getByText(say.received).waitFor({ timeout: 15_000 });
    await page.locator('.invoice__state').getByText(say.paid).waitFor();
    const paid = await t.database.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('invoice_id', '=', invoice.id)
      .orderBy('created_at')
      .execute();
    expect(paid.map((a) => a.status)).toEqual(['failed', 'succeeded']);
    await context.close();
  });
});
