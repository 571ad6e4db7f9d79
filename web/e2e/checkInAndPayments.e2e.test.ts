import { insertBareAuction, insertGuests } from '@auction/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs, login, registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import { invoiceFixtures } from '../../api/test/routes/api/invoices/invoiceFixtures.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, screenshotBothWidths, visitorContext } from './browserKit.ts';
import { demoGala, withServedApp } from './servedApp.ts';

/**
 * Issue 19 §5 and §6: a volunteer at the door checks a guest in and registers a walk-in on a
 * phone, in French and English; an auction manager records a cheque on an invoice, which the
 * bidder then sees on their invoice page.
 */
let t: TestApp;
let browser: Browser;
let origin: string;
/** The demo's gala, where the guests, bidders and invoices of these tests are. */
let gala: { id: number; organizationId: number };

withServedApp(async (served) => {
  ({ t, origin, browser } = served);
  gala = await demoGala(t);
});

/** The demo's auction manager (Camille Roy) signed in on a desktop browser. */
async function managerBrowser() {
  const token = (await login(t.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token as string;
  const context = await visitorContext(browser, { token }, DESKTOP);
  return { token, context, page: await context.newPage() };
}

/** The console's query for one section of an auction of the gala's organisation. */
const sectionOf = (auctionId: number, section: 'bidders' | 'invoices') =>
  `organisation=${gala.organizationId}&encan=${auctionId}&section=${section}`;

/** A new bidder's invoice of one line, without taxes, from the gala's organisation. */
async function invoiceOfNewBidder(firstName: string, lastName: string, amount: number) {
  const bidder = await registerConfirmed(t, { firstName, lastName });
  const fixtures = invoiceFixtures(t, () => gala.organizationId);
  const invoice = await fixtures.invoiceFor(bidder.id, [{ amount }], { taxes: false });
  return { bidder, invoice, fixtures };
}

/** A registered bidder admitted to the demo's gala, as an invitation would. */
async function galaGuest(firstName: string, lastName: string) {
  const guest = await registerConfirmed(t, { firstName, lastName });
  await t.database.db
    .insertInto('auction_bidders')
    .values({ auction_id: gala.id, user_id: guest.id, status: 1, admitted_at: new Date() })
    .execute();
  return guest;
}

/** The guest's row among the gala's bidders: their admission, arrival and status. */
const galaBidder = (userId: string) =>
  t.database.db
    .selectFrom('auction_bidders')
    .selectAll()
    .where('auction_id', '=', gala.id)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

const texts = {
  fr: {
    path: '/console',
    auction: /Gala d’hiver 2026/,
    search: 'Trouver un invité',
    arrive: (name: string) => `Accueillir ${name}`,
    arrived: /Arrivée à/,
    walkIn: 'Inscription sur place',
    firstName: 'Prénom',
    lastName: 'Nom de famille',
    email: 'Courriel',
    submit: 'Inscrire et accueillir',
    created: /Compte créé et personne accueillie/,
  },
  en: {
    path: '/en/console',
    auction: /Winter Gala 2026/,
    search: 'Find a guest',
    arrive: (name: string) => `Check in ${name}`,
    arrived: /Arrived at/,
    walkIn: 'Walk-in',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    submit: 'Register and check in',
    created: /Account created and checked in/,
  },
} as const;

async function checkInAtTheDoor(page: Page, language: 'fr' | 'en') {
  const words = texts[language];
  const suffix = `${language}${Date.now() % 100000}`;
  const guest = await galaGuest('Éloïse', `Tremblay${suffix}`);
  await page.goto(`${origin}${words.path}`);
  await page.getByRole('button', { name: words.auction }).click();
  await page.getByLabel(words.search).fill(`Tremblay${suffix}`);
  const name = `Éloïse Tremblay${suffix}`;
  await page.getByRole('button', { name: words.arrive(name) }).click();
  await page.getByText(words.arrived).first().waitFor();
  expect((await galaBidder(guest.id)).arrived_at).not.toBeNull();
  await expectAccessible(page, `check-in (${language})`);
  await screenshot(page, `console-checkin-${language}-390`);

  // A walk-in in a few taps: a name and an email.
  await page.getByRole('button', { name: words.walkIn }).click();
  await page.getByLabel(words.firstName).fill('Jacques');
  await page.getByLabel(words.lastName).fill(`Bélanger${suffix}`);
  await page.getByLabel(words.email, { exact: true }).fill(`jacques.${suffix}@example.com`);
  await expectAccessible(page, `walk-in (${language})`);
  await screenshot(page, `console-walkin-${language}-390`);
  await page.getByRole('button', { name: words.submit }).click();
  await page.getByText(words.created).waitFor();
  await page.getByLabel(words.search).fill(`Bélanger${suffix}`);
  await page.getByText(words.arrived).first().waitFor();
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `console-checkin-${language}-1280`);
}

/**
 * The invoice paid on the bidder's card, then its refund dialog opened by the demo's auction
 * manager in the French console: the browser, the invoices section's query and the dialog.
 */
async function refundDialogOfCardPaid(
  bidder: { token: string },
  invoice: { public_id: string; auction_id: number; number: number },
  fixtures: ReturnType<typeof invoiceFixtures>,
) {
  await fixtures.cardFor(bidder.token, invoice.auction_id);
  const paid = await fixtures.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
  expect(paid.json()).toMatchObject({ isPaid: true });
  const { context, page } = await managerBrowser();
  const section = sectionOf(invoice.auction_id, 'invoices');
  await page.goto(`${origin}/console?${section}`);
  await page.getByRole('button', { name: `Rembourser la facture ${invoice.number}` }).click();
  return { context, page, section, dialog: page.getByRole('dialog') };
}

describe('check-in at the door and payments recorded by hand', () => {
  it('lets a volunteer check a guest in and register a walk-in on a phone, in French and English', async () => {
    for (const language of ['fr', 'en'] as const) {
      const volunteer = (await login(t.app, 'volunteer@demo.local', 'Demo-Volunteer-2026!')).body.token as string;
      const context = await visitorContext(browser, { token: volunteer }, PHONE);
      await checkInAtTheDoor(await context.newPage(), language);
      await context.close();
    }
  });

  it("tells a volunteer at a large gala's door how to find the guests past the first 200, in French and English", async () => {
    const { db } = t.database;
    const { auctionId } = await insertBareAuction(db, { organization_id: gala.organizationId });
    await db
      .insertInto('auction_translations')
      .values([
        { auction_id: auctionId, language_code: 'fr', title_short: 'Grand bal', team_appellation: null },
        { auction_id: auctionId, language_code: 'en', title_short: 'Grand ball', team_appellation: null },
      ])
      .execute();
    await insertGuests(db, auctionId, 240, (i) => ({
      user: { first_name: 'Invité', last_name: `Bal${String(i).padStart(3, '0')}` },
    }));
    const volunteer = (await login(t.app, 'volunteer@demo.local', 'Demo-Volunteer-2026!')).body.token as string;
    for (const [language, path, more] of [
      ['fr', '/console', /Les 200 premiers des 240 invités par nom/],
      ['en', '/en/console', /The first 200 of 240 guests by name/],
    ] as const) {
      const context = await visitorContext(browser, { token: volunteer }, PHONE);
      const page = await context.newPage();
      await page.goto(`${origin}${path}?encan=${auctionId}`);
      await page.getByText(more).waitFor();
      await expectAccessible(page, `check-in of a large gala (${language})`);
      await screenshot(page, `console-checkin-more-${language}-390`, false);
      await context.close();
    }
  });

  it("shows an auction manager the gala's bidders, who locks one after the confirmation", async () => {
    const guest = await galaGuest('Léa', `Gauthier${Date.now() % 100000}`);
    const name = `Léa ${guest.body.lastName}`;
    const { context, page } = await managerBrowser();
    await page.goto(`${origin}/console?${sectionOf(gala.id, 'bidders')}`);
    await page
      .getByRole('button', { name: /^Inviter par texto : / })
      .first()
      .waitFor();
    await screenshotBothWidths(page, 'console-bidders-all-fr');
    await page.setViewportSize(DESKTOP);
    // The gala has many guests: the server finds her, without case or accents, whatever page she was on.
    await page
      .getByRole('searchbox', { name: 'Nom, téléphone ou numéro d’enchérisseur' })
      .fill(`lea ${guest.body.lastName.toUpperCase()}`);
    await page.getByText('1 résultat', { exact: true }).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: `Bloquer : ${name}` }).click();
    await page.getByText(`${name} perd aussitôt l’accès à cet encan`).waitFor();
    await expectAccessible(page, 'lock dialog (fr)');
    await page.getByRole('dialog').getByRole('button', { name: 'Bloquer', exact: true }).click();
    await page.getByRole('button', { name: `Débloquer : ${name}` }).waitFor();
    expect((await galaBidder(guest.id)).status).toBe(3);
    await expectAccessible(page, 'console bidders (fr)');
    await screenshotBothWidths(page, 'console-bidders-fr');
    await page.goto(`${origin}/en/console?${sectionOf(gala.id, 'bidders')}`);
    // The locked guests, by the status filter (a phone opens the filters first): she is among
    // them whatever page she was on.
    await page.getByText('Filters', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Locked' }).check();
    await page.getByRole('button', { name: `Unlock: ${name}` }).waitFor();
    await screenshot(page, 'console-bidders-en-390');
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, 'console bidders (en)');
    await screenshot(page, 'console-bidders-en-1280');
    await context.close();
  });

  it('lets an auction manager record a cheque, which the bidder sees on the invoice', async () => {
    const { bidder, invoice } = await invoiceOfNewBidder('Mathis', 'Leblanc', 100_00);
    const { context, page } = await managerBrowser();
    const section = sectionOf(invoice.auction_id, 'invoices');
    await page.goto(`${origin}/console?${section}`);
    await page.getByRole('button', { name: `Inscrire un paiement sur la facture ${invoice.number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/devient payée/).waitFor();
    await dialog.getByLabel('Montant reçu ($)').fill('40');
    await dialog.getByText(/reste payée en partie, avec 60,00\s\$ encore dû/).waitFor();
    await dialog.getByRole('radio', { name: 'chèque' }).check();
    await dialog.getByLabel('Note (numéro de chèque, qui a payé…)').fill('Chèque 118');
    await expectAccessible(page, 'record payment (fr)');
    await screenshot(page, 'console-invoices-record-fr-1280');
    await dialog.getByRole('button', { name: 'Inscrire un paiement' }).click();
    // The demo's auction manager, Camille Roy, recorded it.
    await page.getByText(/40,00\s\$ par chèque, inscrit par Camille Roy/).waitFor();
    await expectAccessible(page, 'console invoices (fr)');
    await screenshotBothWidths(page, 'console-invoices-fr');
    await page.goto(`${origin}/en/console?${section}`);
    await page.getByText(/\$40.00 by cheque, recorded by/).waitFor();
    await screenshot(page, 'console-invoices-en-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'console-invoices-en-1280');
    await context.close();

    const bidderContext = await visitorContext(browser, { token: bidder.token }, PHONE);
    const mine = await bidderContext.newPage();
    await mine.goto(`${origin}/facture/${invoice.public_id}`);
    await mine.getByText(/40,00\s\$ \(chèque, inscrit par l’organisme\)/).waitFor();
    await screenshot(mine, 'invoice-manual-payment-fr-390');
    await bidderContext.close();
  });

  it('lets an auction manager cancel a recorded payment with a reason, shown struck out, in both languages', async () => {
    const { bidder, invoice } = await invoiceOfNewBidder('Élodie', 'Brassard', 80_00);
    const { token: manager, context, page } = await managerBrowser();
    for (const amountCents of [25_00, 25_00]) {
      const recorded = await callAs(
        t.app,
        manager,
        'POST',
        `/api/admin/invoices/${invoice.public_id}/manual-payments`,
        {
          amountCents,
          method: 'cash',
          commandId: crypto.randomUUID(),
        },
      );
      expect(recorded.statusCode).toBe(200);
    }
    const section = sectionOf(invoice.auction_id, 'invoices');
    await page.goto(`${origin}/console?${section}`);
    // The same cash was counted twice: the second is cancelled.
    const cancels = page.getByRole('button', {
      name: `Annuler le paiement de 25,00 $ sur la facture ${invoice.number}`,
    });
    await cancels.nth(1).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/la facture no\s\d+ devra 55,00\s\$/).waitFor();
    await dialog.getByRole('button', { name: 'Annuler le paiement' }).click();
    await dialog.getByText('Indiquez pourquoi ce paiement est annulé : la raison est conservée avec lui.').waitFor();
    await dialog.getByLabel('Pourquoi ce paiement est-il annulé').fill('Compté deux fois à l’entrée');
    // Writing a reason takes the refusal away before anything is sent again.
    await dialog.getByText('Indiquez pourquoi ce paiement est annulé : la raison est conservée avec lui.').waitFor({
      state: 'detached',
    });
    await expectAccessible(page, 'cancel payment (fr)');
    await screenshotBothWidths(page, 'console-invoices-cancel-fr');
    await dialog.getByRole('button', { name: 'Annuler le paiement' }).click();
    await page.getByText(/Annulé par Camille Roy le .*\s: Compté deux fois à l’entrée/).waitFor();
    await expectAccessible(page, 'cancelled payment (fr)');
    await screenshot(page, 'console-invoices-cancelled-fr-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'console-invoices-cancelled-fr-1280');

    await page.goto(`${origin}/en/console?${section}`);
    await page.getByText(/Cancelled by Camille Roy on .*: Compté deux fois à l’entrée/).waitFor();
    await page.getByRole('button', { name: `Cancel the payment of $25.00 on invoice ${invoice.number}` }).click();
    await page
      .getByRole('dialog')
      .getByText(/invoice #\d+ will owe \$80.00/)
      .waitFor();
    await screenshotBothWidths(page, 'console-invoices-cancel-en');
    await context.close();

    // The bidder owes the cancelled amount again and no longer sees it on the invoice.
    const mine = (await callAs(t.app, bidder.token, 'GET', `/api/auctions/invoice/${invoice.public_id}`)).json();
    expect(mine).toMatchObject({ isPaid: false, amount: { value: 55 } });
    expect(mine.payments).toHaveLength(1);
  });

  it('lets an auction manager cancel a bounced cheque on a paid invoice: back to unpaid, receipt voided, in both languages', async () => {
    const bidder = await registerConfirmed(t, { firstName: 'Rosalie', lastName: 'Tremblay' });
    const invoice = await invoiceFixtures(t, () => gala.organizationId).invoiceFor(bidder.id, [{ amount: 90_00 }], {
      isDonation: true,
    });
    const { token: manager, context, page } = await managerBrowser();
    const recordCheque = async () => {
      const recorded = await callAs(
        t.app,
        manager,
        'POST',
        `/api/admin/invoices/${invoice.public_id}/manual-payments`,
        {
          amountCents: 90_00,
          method: 'cheque',
          commandId: crypto.randomUUID(),
        },
      );
      expect(recorded.json().invoice).toMatchObject({ status: 2, paymentsCancellable: true });
      return recorded.json().invoice.receiptNumber as number;
    };
    const receipt = await recordCheque();
    const section = sectionOf(invoice.auction_id, 'invoices');
    await page.goto(`${origin}/console?${section}`);
    await page.getByRole('button', { name: `Annuler le paiement de 90,00 $ sur la facture ${invoice.number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        `Cette facture est payée. Annuler ce paiement la remet à payer et annule le reçu de don no ${receipt} ; Rosalie Tremblay en reçoit l’avis par courriel et pourra la payer de nouveau.`,
      )
      .waitFor();
    await dialog.getByLabel('Pourquoi ce paiement est-il annulé').fill('Chèque sans provision');
    await expectAccessible(page, 'cancel a payment of a paid invoice (fr)');
    await screenshotBothWidths(page, 'console-invoices-reopen-fr');
    await dialog.getByRole('button', { name: 'Annuler le paiement' }).click();
    await page.getByText(/Annulé par Camille Roy le .*\s: Chèque sans provision/).waitFor();
    // Unpaid again: the console offers to record a payment.
    await page.getByRole('button', { name: `Inscrire un paiement sur la facture ${invoice.number}` }).waitFor();
    await screenshot(page, 'console-invoices-reopened-fr-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'console-invoices-reopened-fr-1280');
    const mail = await t.messaging.outbox.waitFor(bidder.body.username, { template: 'invoiceReopenedEmail' });
    expect(mail.body).toContain(`no\u00a0${receipt}`);
    const reopened = (await callAs(t.app, bidder.token, 'GET', `/api/auctions/invoice/${invoice.public_id}`)).json();
    expect(reopened).toMatchObject({ isPaid: false, amount: { value: 90 }, donationReceipt: null });
    // The bidder's invoice says why it owes the cheque again, and offers to pay.
    const bidderContext = await visitorContext(browser, { token: bidder.token }, PHONE);
    const mine = await bidderContext.newPage();
    await mine.goto(`${origin}/facture/${invoice.public_id}`);
    await mine
      .getByText(/90,00\s\$ \(chèque, inscrit par l’organisme\), annulé par l’organisme le .*\s: il ne compte plus/)
      .waitFor();
    await expectAccessible(mine, 'reopened invoice (fr)');
    await screenshot(mine, 'invoice-reopened-fr-390');
    await mine.goto(`${origin}/en/invoice/${invoice.public_id}`);
    await mine
      .getByText(
        /\$90.00 \(cheque, recorded by the organization\), cancelled by the organization on .*: it no longer counts/,
      )
      .waitFor();
    await screenshot(mine, 'invoice-reopened-en-390');
    await mine.setViewportSize(DESKTOP);
    await screenshot(mine, 'invoice-reopened-en-1280');
    await bidderContext.close();

    // A new cheque pays it again, with a receipt that names the voided one.
    const second = await recordCheque();
    const repaid = (await callAs(t.app, bidder.token, 'GET', `/api/auctions/invoice/${invoice.public_id}`)).json();
    expect(repaid).toMatchObject({ isPaid: true, donationReceipt: { number: second, replacesNumber: receipt } });
    await page.goto(`${origin}/en/console?${section}`);
    await page.getByRole('button', { name: `Cancel the payment of $90.00 on invoice ${invoice.number}` }).click();
    await page
      .getByRole('dialog')
      .getByText(
        `This invoice is paid. Cancelling the payment takes it back to unpaid and voids donation receipt #${second}; Rosalie Tremblay is told by email and can pay it again.`,
      )
      .waitFor();
    await expectAccessible(page, 'cancel a payment of a paid invoice (en)');
    await screenshotBothWidths(page, 'console-invoices-reopen-en');
    await context.close();
  });

  it('lets an auction manager cancel a bounced cheque beside a card payment: the card pays the cheque again, and a refund offers one charge at a time, in both languages', async () => {
    const { bidder, invoice, fixtures } = await invoiceOfNewBidder('Zoé', 'Fortin', 100_00);
    const { token: manager, context, page } = await managerBrowser();
    const cheque = await callAs(t.app, manager, 'POST', `/api/admin/invoices/${invoice.public_id}/manual-payments`, {
      amountCents: 40_00,
      method: 'cheque',
      commandId: crypto.randomUUID(),
    });
    expect(cheque.statusCode).toBe(200);
    await fixtures.cardFor(bidder.token, invoice.auction_id);
    const first = await fixtures.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
    expect(first.json()).toMatchObject({ isPaid: true });

    const section = sectionOf(invoice.auction_id, 'invoices');
    await page.goto(`${origin}/console?${section}`);
    await page.getByRole('button', { name: `Annuler le paiement de 40,00 $ sur la facture ${invoice.number}` }).click();
    const cancelDialog = page.getByRole('dialog');
    await cancelDialog.getByText(/devra 40,00\s\$/).waitFor();
    await cancelDialog.getByLabel('Pourquoi ce paiement est-il annulé').fill('Chèque sans provision');
    await cancelDialog.getByRole('button', { name: 'Annuler le paiement' }).click();
    await page.getByText(/Annulé par Camille Roy le .*\s: Chèque sans provision/).waitFor();
    const reopened = (await callAs(t.app, bidder.token, 'GET', `/api/auctions/invoice/${invoice.public_id}`)).json();
    expect(reopened).toMatchObject({ isPaid: false, amount: { value: 40 } });

    // The bidder's invoice lists the card payment that stands and owes the cheque alone.
    const bidderContext = await visitorContext(browser, { token: bidder.token }, PHONE);
    const mine = await bidderContext.newPage();
    await mine.goto(`${origin}/facture/${invoice.public_id}`);
    await mine.getByText(/40,00\s\$ \(chèque, inscrit par l’organisme\), annulé par l’organisme le/).waitFor();
    await mine
      .getByText(/60,00\s\$/)
      .first()
      .waitFor();
    await expectAccessible(mine, 'invoice owing a cheque beside a card payment (fr)');
    await screenshot(mine, 'invoice-reopened-card-fr-390');
    await mine.goto(`${origin}/en/invoice/${invoice.public_id}`);
    await mine
      .getByText(/\$40.00 \(cheque, recorded by the organization\), cancelled by the organization on/)
      .waitFor();
    await screenshot(mine, 'invoice-reopened-card-en-390');
    await mine.setViewportSize(DESKTOP);
    await screenshot(mine, 'invoice-reopened-card-en-1280');
    await bidderContext.close();

    // Paid again on the card: a second charge, of the cheque's 40 $.
    const second = await fixtures.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
    expect(second.json()).toMatchObject({ isPaid: true });
    expect(fixtures.chargesOf(invoice.id)).toBe(2);

    await page.setViewportSize(DESKTOP);
    await page.goto(`${origin}/console?${section}`);
    await page.getByRole('button', { name: `Rembourser la facture ${invoice.number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(/La carte a été prélevée deux fois .* 100,00\s\$ peut y être remis en tout, au plus 60,00\s\$/)
      .waitFor();
    await expect.poll(() => dialog.getByLabel('Montant à rembourser ($)').inputValue()).toBe('60,00');
    await expectAccessible(page, 'refund of a card charged twice (fr)');
    await screenshotBothWidths(page, 'console-invoices-refund-twice-fr', false);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${origin}/en/console?${section}`);
    await page.getByRole('button', { name: `Refund invoice ${invoice.number}` }).click();
    await page
      .getByRole('dialog')
      .getByText(/The card was charged twice .* \$100.00 can go back on it in all, at most \$60.00 in one refund/)
      .waitFor();
    await expectAccessible(page, 'refund of a card charged twice (en)');
    await screenshotBothWidths(page, 'console-invoices-refund-twice-en', false);
    await context.close();
  });

  it('lets an auction manager refund part of a card payment with a reason, in both languages', async () => {
    const { bidder, invoice, fixtures } = await invoiceOfNewBidder('Noémie', 'Gagnon', 120_00);
    const { context, page, section, dialog } = await refundDialogOfCardPaid(bidder, invoice, fixtures);
    await dialog
      .getByText(/Jusqu’à 120,00\s\$ peut être remis sur la carte avec laquelle Noémie Gagnon a payé/)
      .waitFor();
    await dialog.getByLabel('Montant à rembourser ($)').fill('45');
    await dialog.getByRole('button', { name: 'Rembourser sur la carte' }).click();
    await dialog.getByText('Dites pourquoi vous remboursez : la raison est gardée avec le remboursement.').waitFor();
    await dialog.getByLabel('Pourquoi ce remboursement').fill('Lot livré abîmé');
    // Writing a reason takes the refusal away before anything is sent again.
    await dialog.getByText('Dites pourquoi vous remboursez : la raison est gardée avec le remboursement.').waitFor({
      state: 'detached',
    });
    await expectAccessible(page, 'refund (fr)');
    await screenshotBothWidths(page, 'console-invoices-refund-fr');
    await dialog.getByRole('button', { name: 'Rembourser sur la carte' }).click();
    await page
      .getByText(/Remboursement de 45,00\s\$ demandé par Camille Roy le .* \(effectué\)\s: Lot livré abîmé/)
      .waitFor();
    await expectAccessible(page, 'refunded (fr)');
    await screenshot(page, 'console-invoices-refunded-fr-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'console-invoices-refunded-fr-1280');

    await page.goto(`${origin}/en/console?${section}`);
    await page.getByText(/Refund of \$45.00 asked by Camille Roy on .* \(made\): Lot livré abîmé/).waitFor();
    await page.getByRole('button', { name: `Refund invoice ${invoice.number}` }).click();
    await page
      .getByRole('dialog')
      .getByText(/Up to \$75.00 can go back on the card Noémie Gagnon paid with/)
      .waitFor();
    await screenshotBothWidths(page, 'console-invoices-refund-en');
    await context.close();

    // The bidder sees the refund on the invoice, which stays paid.
    const mine = (await callAs(t.app, bidder.token, 'GET', `/api/auctions/invoice/${invoice.public_id}`)).json();
    expect(mine).toMatchObject({ isPaid: true, refundedAmount: { value: 45 } });
  });

  it('lets an auction manager refund one lot of an invoice, named, which its donation receipt keeps apart, in both languages', async () => {
    const bidder = await registerConfirmed(t, { firstName: 'Léa', lastName: 'Bouchard' });
    const fixtures = invoiceFixtures(t, () => gala.organizationId);
    // A weekend bought 1,000 $ (worth 400 $) and a dinner bought 300 $ (worth 300 $), with Quebec's taxes.
    const invoice = await fixtures.invoiceFor(bidder.id, [
      { amount: 1_000_00, valuation: 400_00 },
      { amount: 300_00, valuation: 300_00 },
    ]);
    const { context, page, section, dialog } = await refundDialogOfCardPaid(bidder, invoice, fixtures);
    await dialog.getByLabel('Que rembourse-t-on ?').selectOption(`lot:${invoice.id}:1`);
    await expect.poll(() => dialog.getByLabel('Montant à rembourser ($)').inputValue()).toBe('344,93');
    await dialog.getByLabel('Pourquoi ce remboursement').fill('Souper annulé par le restaurant');
    await expectAccessible(page, 'refund of one lot (fr)');
    await screenshotBothWidths(page, 'console-invoices-refund-line-fr');
    await dialog.getByRole('button', { name: 'Rembourser sur la carte' }).click();
    await page.getByText(/Remboursement de 344,93\s\$ demandé .* \(pour le lot 8\)/).waitFor();
    // The dinner held no gift: the weekend's receipt stands, not replaced.
    const receipts = await t.database.db
      .selectFrom('donation_receipts')
      .select(['eligible_amount', 'voided_at'])
      .where('invoice_id', '=', invoice.id)
      .execute();
    expect(receipts).toEqual([{ eligible_amount: 600_00, voided_at: null }]);

    await page.goto(`${origin}/en/console?${section}`);
    await page.getByText(/Refund of \$344.93 asked by .* \(for lot 8\)/).waitFor();
    await page.getByRole('button', { name: `Refund invoice ${invoice.number}` }).click();
    await page.getByRole('dialog').getByLabel('What does it refund?').selectOption(`lot:${invoice.id}:0`);
    await page
      .getByRole('dialog')
      .getByText(/Up to \$1,149.75 can go back/)
      .waitFor();
    await screenshotBothWidths(page, 'console-invoices-refund-line-en');
    await context.close();
  });

  it('lets an auction manager record cash given back on an invoice paid by cash and by card, in both languages', async () => {
    const { bidder, invoice, fixtures } = await invoiceOfNewBidder('Mathis', 'Lavoie', 120_00);
    const { token: manager, context, page } = await managerBrowser();
    const cash = await callAs(t.app, manager, 'POST', `/api/admin/invoices/${invoice.public_id}/manual-payments`, {
      amountCents: 50_00,
      method: 'cash',
      commandId: crypto.randomUUID(),
    });
    expect(cash.statusCode).toBe(200);
    await fixtures.cardFor(bidder.token, invoice.auction_id);
    const paid = await fixtures.call('POST', `/api/auctions/invoice/${invoice.public_id}/payment`, bidder.token, {});
    expect(paid.json()).toMatchObject({ isPaid: true });
    const section = sectionOf(invoice.auction_id, 'invoices');
    await page.goto(`${origin}/console?${section}`);
    await page.getByRole('button', { name: `Rembourser la facture ${invoice.number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Jusqu’à 70,00\s\$ peut être remis sur la carte/).waitFor();
    await dialog.getByLabel('comptant').check();
    await dialog.getByText(/Jusqu’à 50,00\s\$ payé à la main peut être inscrit comme rendu/).waitFor();
    await dialog.getByLabel('Montant à rembourser ($)').fill('20');
    await dialog.getByLabel('Pourquoi ce remboursement').fill('Lot retiré par le donateur');
    await expectAccessible(page, 'cash given back (fr)');
    await screenshotBothWidths(page, 'console-invoices-hand-refund-fr');
    await dialog.getByRole('button', { name: 'Inscrire le remboursement' }).click();
    await page
      .getByText(
        /Remboursement de 20,00\s\$ en argent comptant inscrit par Camille Roy le .* \(effectué\)\s: Lot retiré par le donateur/,
      )
      .waitFor();
    await screenshot(page, 'console-invoices-hand-refunded-fr-390');

    await page.setViewportSize(DESKTOP);
    await page.goto(`${origin}/en/console?${section}`);
    await page.getByRole('button', { name: `Refund invoice ${invoice.number}` }).click();
    await page.getByRole('dialog').getByLabel('cash').check();
    await page
      .getByRole('dialog')
      .getByText(/Up to \$30.00 paid by hand can be recorded as given back/)
      .waitFor();
    await expectAccessible(page, 'cash given back (en)');
    await screenshotBothWidths(page, 'console-invoices-hand-refund-en');
    await context.close();

    // The bidder sees it on the invoice, which stays paid; no card was refunded.
    const mine = (await callAs(t.app, bidder.token, 'GET', `/api/auctions/invoice/${invoice.public_id}`)).json();
    expect(mine).toMatchObject({ isPaid: true, refundedAmount: { value: 20 }, refunds: [{ method: 'cash' }] });
  });
});
