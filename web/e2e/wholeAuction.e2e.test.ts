import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, visitorContext } from './browserKit.ts';
import { fillNewAuctionForm } from './newAuctionForm.ts';
import { withServedApp } from './servedApp.ts';

/**
 * Issue 19's whole path, in each language, as the demo's auction manager and without leaving the
 * browser: a new auction, its lots from a CSV file, a photo uploaded to one of them, the auction
 * opened, a bid placed from another browser seen arriving live, the auction completed and its
 * invoice listed. The auction workers run as `npm start` runs them, so opening and completing
 * move the auction on by themselves (the invoice delay shortened to a second).
 */
let t: TestApp;
let browser: Browser;
let origin: string;

withServedApp(
  (served) => {
    ({ t, origin, browser } = served);
  },
  { workers: { invoiceDelayMs: 1_000 } },
);

const PHOTO = resolve(import.meta.dirname, '../public/demo/banner-autumn.jpg');
const HEADER = 'lotNumber,type,nameFr,nameEn,startingBid,minimumIncrement,category,closingGroup,dateCompleted';

const WORDS = {
  fr: {
    console: '/console',
    lotPath: (link: string, lot: number) => `/encans/${link}/lots/${lot}`,
    auctions: 'Encans',
    bulk: 'Importer et exporter',
    file: 'Fichier CSV ou Excel (.xlsx)',
    createLots: 'Créer 2 lots',
    lotsCreated: '2 lots créés.',
    lots: 'Lots',
    edit: 'Modifier le lot 1',
    choosePhotos: 'Choisir des photos',
    setup: 'Configuration',
    status: 'Statut',
    openNow: 'Ouvrir maintenant',
    completeNow: 'Terminer maintenant',
    closing: 'Dernière minute',
    latest: 'Dernières mises',
    bid: 'Miser',
    confirm: 'Confirmer',
    bidPlaced: 'Votre mise a été placée.',
    invoices: 'Factures',
    invoicesReady:
      'Les factures de l’encan sont prêtes : si vous avez gagné, la vôtre est sous Mes factures, dans votre menu.',
    myInvoices: 'Mes factures',
  },
  en: {
    console: '/en/console',
    lotPath: (link: string, lot: number) => `/en/auctions/${link}/items/${lot}`,
    auctions: 'Auctions',
    bulk: 'Import and export',
    file: 'CSV or Excel (.xlsx) file',
    createLots: 'Create 2 lots',
    lotsCreated: '2 lots created.',
    lots: 'Lots',
    edit: 'Edit lot 1',
    choosePhotos: 'Choose photos',
    setup: 'Set up',
    status: 'Status',
    openNow: 'Open now',
    completeNow: 'Complete now',
    closing: 'Closing minute',
    latest: 'Latest bids',
    bid: 'Bid',
    confirm: 'Confirm',
    bidPlaced: 'Your bid was placed.',
    invoices: 'Invoices',
    invoicesReady: "The auction's invoices are ready: if you won, yours is under My invoices in your menu.",
    myInvoices: 'My invoices',
  },
} as const;

/** A `datetime-local` value, in the browser's zone (the machine's, as the test's). */
function localInput(at: number): string {
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

describe.each(['fr', 'en'] as const)(
  'an auction run from the console, from nothing to its invoices (%s)',
  (language) => {
    it('is set up with CSV lots and a photo, opened, bid on from another browser, completed and invoiced', {
      timeout: 240_000,
    }, async () => {
      const w = WORDS[language];
      const link = `soiree-${language}-${Date.now()}`;
      const manager = (await login(t.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token as string;
      const managerContext = await visitorContext(browser, { token: manager }, DESKTOP);
      const page = await managerContext.newPage();

      // A new auction, opening tomorrow and ending in a week: the manager opens it by hand below.
      await page.goto(`${origin}${w.console}`);
      await page.getByRole('link', { name: w.auctions, exact: true }).click();
      const create = await fillNewAuctionForm(page, language, {
        titleFr: 'Soirée des bénévoles',
        titleEn: 'Volunteers’ evening',
        link,
        opens: localInput(Date.now() + 86_400_000),
        ends: localInput(Date.now() + 7 * 86_400_000),
      });
      await create.click();
      await page.waitForURL(/section=setup/);
      const auctionId = Number(new URL(page.url()).searchParams.get('encan'));
      expect(auctionId).toBeGreaterThan(0);

      // Its lots from a CSV file: the preview first, then the creation.
      const ends = new Date(Date.now() + 5 * 86_400_000).toISOString();
      await page.getByRole('link', { name: w.bulk }).click();
      await page.getByLabel(w.file, { exact: true }).setInputFiles({
        name: 'lots.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            HEADER,
            `1,,Chalet au lac,Lake cabin,100,10,,,${ends}`,
            `2,,Panier gourmand,Gourmet basket,50,5,,,${ends}`,
          ].join('\r\n'),
          'utf8',
        ),
      });
      await page.getByRole('button', { name: w.createLots }).click();
      await page.getByRole('dialog').getByRole('button', { name: w.createLots }).click();
      await page.getByText(w.lotsCreated).waitFor();
      const lot = await t.database.db
        .selectFrom('lots')
        .select('id')
        .where('auction_id', '=', auctionId)
        .where('lot_number', '=', 1)
        .executeTakeFirstOrThrow();

      // A photo for lot 1, resized by the API and shown back in the editor.
      await page.getByRole('link', { name: w.lots, exact: true }).click();
      await page.getByRole('button', { name: w.edit }).click();
      await page.locator('input[type=file]').setInputFiles(PHOTO);
      await expect
        .poll(async () => {
          const row = await t.database.db
            .selectFrom('lot_photos')
            .select(['full_path_large', 'full_path_medium'])
            .where('lot_id', '=', lot.id)
            .executeTakeFirst();
          return row ? [row.full_path_large, row.full_path_medium].every(Boolean) : false;
        })
        .toBe(true);
      await screenshot(page, `console-whole-photo-${language}-1280`);

      // Opened by hand, with the consequence confirmed.
      await page.getByRole('link', { name: w.setup }).click();
      await page.getByRole('button', { name: w.status, exact: true }).click();
      await page.getByRole('button', { name: w.openNow, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: w.openNow }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The closing minute, live; a bidder in another browser bids on lot 1.
      await page.getByRole('link', { name: w.closing }).click();
      await page.getByRole('heading', { name: w.latest }).waitFor();
      const bidder = await registerConfirmed(t, { firstName: 'Odile', lastName: 'Vachon', language });
      const bidderContext = await visitorContext(browser, { token: bidder.token }, PHONE);
      const bidderPage = await bidderContext.newPage();
      await bidderPage.goto(`${origin}${w.lotPath(link, lot.id)}`);
      // The photo uploaded in the console is the lot's photo for bidders.
      await expect
        .poll(() => bidderPage.locator('img[src*="/media/"]').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await bidderPage.getByRole('button', { name: w.bid, exact: true }).click();
      await bidderPage.getByRole('dialog').getByRole('button', { name: w.confirm }).click();
      await bidderPage.getByText(w.bidPlaced).waitFor();
      await screenshot(bidderPage, `whole-auction-bid-${language}-390`);
      const latest = page.locator('section', { has: page.getByRole('heading', { name: w.latest }) });
      await latest
        .getByText(/100[.,]00/)
        .first()
        .waitFor({ timeout: 15_000 });
      await expectAccessible(page, `closing minute with a bid (${language})`);
      await screenshot(page, `console-whole-closing-${language}-1280`);

      // Completed by hand: the lots close now and the workers make the invoice a moment later.
      await page.getByRole('link', { name: w.setup }).click();
      await page.getByRole('button', { name: w.status, exact: true }).click();
      await page.getByRole('button', { name: w.completeNow, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: w.completeNow }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // The bidder, still on the lot, is told live once the invoices are made (no reload).
      const toldInvoicesReady = bidderPage.getByText(w.invoicesReady).waitFor({ timeout: 60_000 });
      await expect
        .poll(
          async () =>
            (await t.database.db.selectFrom('invoices').select('id').where('auction_id', '=', auctionId).execute())
              .length,
          { timeout: 60_000, interval: 500 },
        )
        .toBe(1);
      await toldInvoicesReady;
      await screenshot(bidderPage, `whole-auction-invoices-ready-${language}-390`, false);
      // Where the message says: the menu's "My invoices", with this auction's invoice.
      await bidderPage.locator('details.menu > summary').click();
      await screenshot(bidderPage, `user-menu-${language}-390`, false);
      await bidderPage.getByRole('link', { name: w.myInvoices, exact: true }).click();
      await bidderPage.getByText(language === 'fr' ? '1 facture' : '1 invoice', { exact: true }).waitFor();
      await bidderPage
        .getByText(language === 'fr' ? 'Soirée des bénévoles' : 'Volunteers’ evening')
        .first()
        .waitFor();
      await bidderContext.close();
      await page.getByRole('link', { name: w.invoices, exact: true }).click();
      await page.getByText('Odile Vachon').first().waitFor();
      await expectAccessible(page, `invoices of the new auction (${language})`);
      await screenshot(page, `console-whole-invoices-${language}-1280`);
      const invoice = await t.database.db
        .selectFrom('invoices')
        .select(['bidder_id', 'subtotal'])
        .where('auction_id', '=', auctionId)
        .executeTakeFirstOrThrow();
      expect(invoice).toEqual({ bidder_id: bidder.id, subtotal: 100_00 });
      await managerContext.close();
    });
  },
);
