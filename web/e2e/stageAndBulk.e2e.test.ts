import { LotType } from '@auction/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import { openLot } from '../../api/test/fixtures/lots.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { DESKTOP, expectAccessible, screenshotBothWidths, visitorContext } from './browserKit.ts';
import { demoGala, withServedApp } from './servedApp.ts';

/**
 * Issue 19 §3 and §4: the demo's auction manager imports lots from a CSV file after reading the
 * preview of its problems, and records a live lot sold on stage, then corrects it to the bidder
 * the auctioneer really called, in French and in English.
 */
let t: TestApp;
let browser: Browser;
let origin: string;
let galaId: number;
let organizationId: number;

// The workers run as under `npm start`: their notifier tells both bidders of a sale corrected to another.
withServedApp(
  async (served) => {
    ({ t, origin, browser } = served);
    ({ id: galaId, organizationId } = await demoGala(t));
  },
  { workers: { invoiceDelayMs: 5 * 60_000 } },
);

const HEADER = 'lotNumber,type,nameFr,nameEn,startingBid,minimumIncrement,category,closingGroup,dateCompleted';

const csvFile = (rows: string[]) => ({
  name: 'lots.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${[HEADER, ...rows].join('\r\n')}`, 'utf8'),
});

async function managerPage(language: 'fr' | 'en', section: 'bulk' | 'stage'): Promise<Page> {
  const token = (await login(t.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token as string;
  const context = await visitorContext(browser, { token }, DESKTOP);
  const page = await context.newPage();
  const prefix = language === 'en' ? '/en' : '';
  await page.goto(`${origin}${prefix}/console?organisation=${organizationId}&encan=${galaId}&section=${section}`);
  return page;
}

/** A bidder of the gala. */
async function galaBidder(bidder: { firstName: string; lastName: string }) {
  const user = await registerConfirmed(t, bidder);
  await t.database.db
    .insertInto('auction_bidders')
    .values({ auction_id: galaId, user_id: user.id, status: 2 })
    .execute();
  return user;
}

/** A live lot of the gala and a bidder of the gala to sell it to. */
async function liveLotAndBidder(lotName: string, bidder: { firstName: string; lastName: string }) {
  const lotId = await openLot({ ...t, galaId }, { type: LotType.Live });
  await t.database.db
    .insertInto('lot_translations')
    .values([
      { lot_id: lotId, language_code: 'fr', name: lotName },
      { lot_id: lotId, language_code: 'en', name: lotName },
    ])
    .execute();
  const user = await galaBidder(bidder);
  await t.projections.caughtUp();
  return { lotId, user };
}

/** The lot's winner and hammer price as the read model has them. */
const lotView = (lotId: number) =>
  t.database.db
    .selectFrom('lot_views')
    .select(['status', 'winner_id', 'price'])
    .where('lot_id', '=', lotId)
    .executeTakeFirstOrThrow();

async function shots(page: Page, name: string) {
  await screenshotBothWidths(page, `${name}`);
  await page.setViewportSize(DESKTOP);
}

describe('the console’s import and stage', () => {
  it('imports lots from a CSV file in French: the preview lists the problems, the corrected file creates them once', async () => {
    const page = await managerPage('fr', 'bulk');
    await page.getByRole('heading', { name: /Importation et exportation — / }).waitFor();
    await page
      .getByLabel('Fichier CSV ou Excel (.xlsx)', { exact: true })
      .setInputFiles(
        csvFile([
          '1901,live,Séjour au chalet,Cottage stay,"1 250,50",10,Voyages inconnus,,2026-12-05T21:00:00-05:00',
          '1902,,,,abc,5,,,2026-12-05T21:00:00-05:00',
          '1903,,Panier gourmand,Gourmet basket,75,5,Gastronomie et vins,Grande finale,',
        ]),
      );
    await page.getByText('Aucune catégorie de l’encan ne porte ce nom.').waitFor();
    await page.getByText('Entrez un montant positif', { exact: false }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Créer 1 lot' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'console import preview (fr)');
    await shots(page, 'console-import-fr');

    await page
      .getByLabel('Fichier CSV ou Excel (.xlsx)', { exact: true })
      .setInputFiles(
        csvFile([
          '1901,live,Séjour au chalet,Cottage stay,"1 250,50",10,Expériences,,2026-12-05T21:00:00-05:00',
          '1903,,Panier gourmand,Gourmet basket,75,5,Gastronomie et vins,Grande finale,',
        ]),
      );
    await page.getByRole('button', { name: 'Créer 2 lots' }).click();
    await page.getByText('2 lots sont créés dans cet encan').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Créer 2 lots' }).click();
    await page.getByText('2 lots créés.').waitFor();
    await page.getByText('Déjà importé : laissé tel quel').first().waitFor();
    const created = await t.database.db
      .selectFrom('lots')
      .select(['lot_number', 'type'])
      .where('auction_id', '=', galaId)
      .where('lot_number', 'in', [1901, 1903])
      .orderBy('lot_number')
      .execute();
    expect(created).toEqual([
      { lot_number: 1901, type: 2 },
      { lot_number: 1903, type: 1 },
    ]);
    // The exports are downloads of the signed-in operator.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Gagnants' }).click();
    expect((await download).suggestedFilename()).toMatch(/-winners\.csv$/);
    await page.context().close();
  }, 90_000);

  it('records a live lot sold on stage in French, from the winner’s search to the lot shown sold, then corrects it to another bidder', async () => {
    const { lotId, user } = await liveLotAndBidder('Toile de Riopelle', { firstName: 'Éloïse', lastName: 'Tremblay' });
    const called = await galaBidder({ firstName: 'Mathis', lastName: 'Côté' });
    const page = await managerPage('fr', 'stage');
    await page.getByRole('heading', { name: /Lots à la criée — / }).waitFor();
    const card = page.locator('.stage__lot', { hasText: 'Toile de Riopelle' });
    await card.getByRole('button', { name: 'Inscrire l’adjudication' }).click();
    await card.getByLabel('Gagnant : numéro d’enchérisseur, nom, courriel ou téléphone').fill('Tremb');
    await card.getByRole('button', { name: /Éloïse Tremblay/ }).click();
    await card.getByLabel('Prix d’adjudication ($)').fill('1 250,50');
    await card.getByRole('button', { name: 'Inscrire l’adjudication' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('remporté par Éloïse Tremblay pour 1 250,50 $').waitFor();
    await expectAccessible(page, 'console stage confirmation (fr)');
    await shots(page, 'console-stage-confirm-fr');
    await dialog.getByRole('button', { name: 'Inscrire l’adjudication' }).click();
    await card.getByText('Adjugé sur scène à Éloïse Tremblay pour 1 250,50 $').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'console stage (fr)');
    await shots(page, 'console-stage-fr');
    expect(await lotView(lotId)).toEqual({ status: 5, winner_id: user.id, price: 125_050 });

    // The auctioneer had called Mathis Côté's paddle: the sale is corrected to him, with why.
    await card.getByRole('button', { name: 'Corriger l’adjudication' }).click();
    await card.getByText('Gagnant : Éloïse Tremblay').waitFor();
    expect(await card.getByLabel('Prix d’adjudication ($)').inputValue()).toBe('1250,50');
    await card.getByRole('button', { name: 'Choisir un autre gagnant' }).click();
    await card.getByLabel('Gagnant : numéro d’enchérisseur, nom, courriel ou téléphone').fill('Mathis');
    await card.getByRole('button', { name: /Mathis Côté/ }).click();
    await card.getByLabel('Pourquoi l’adjudication est-elle corrigée ?').fill('Numéro d’enchérisseur mal lu');
    await card.getByRole('button', { name: 'Corriger l’adjudication' }).click();
    await dialog
      .getByText('adjugé à Mathis Côté pour 1 250,50 $ plutôt qu’à Éloïse Tremblay pour 1 250,50 $', { exact: false })
      .waitFor();
    await expectAccessible(page, 'console stage correction (fr)');
    await shots(page, 'console-stage-correction-fr');
    await dialog.getByRole('button', { name: 'Corriger l’adjudication' }).click();
    await card.getByText('Adjugé sur scène à Mathis Côté pour 1 250,50 $ (corrigé)').waitFor({ timeout: 15_000 });
    await shots(page, 'console-stage-corrected-fr');
    await t.projections.caughtUp();
    expect(await lotView(lotId)).toEqual({ status: 5, winner_id: called.id, price: 125_050 });
    // Both are told: the bidder it was recorded on by mistake that she does not win it, Mathis that he does.
    const withdrawn = await t.messaging.outbox.waitFor(user.body.username, {
      template: 'lotWinWithdrawnByCorrectionEmail',
    });
    expect(withdrawn.body).toContain('Toile de Riopelle');
    await t.messaging.outbox.waitFor(called.body.username, { template: 'lotWonAfterCorrectionEmail' });
    await page.context().close();
  }, 120_000);

  it('imports, records a sale and corrects it in English', async () => {
    const { lotId, user } = await liveLotAndBidder('Hockey jersey', { firstName: 'Noah', lastName: 'Gagnon' });
    const called = await galaBidder({ firstName: 'Ava', lastName: 'Martin' });
    const page = await managerPage('en', 'bulk');
    await page.getByRole('heading', { name: /Import and export of / }).waitFor();
    await page
      .getByLabel('CSV or Excel (.xlsx) file', { exact: true })
      .setInputFiles(csvFile(['1904,,Vase,Vase,10,1,,,', '1905,,Lampe,Lamp,20,1,,,2026-12-05T21:00:00Z']));
    await page.getByText('The closing date is required (or a closing group).').waitFor();
    await page.getByText('1 new lot, 0 already imported, 1 row with problems.').waitFor();
    await expectAccessible(page, 'console import preview (en)');
    await shots(page, 'console-import-en');

    await page.goto(`${origin}/en/console?organisation=${organizationId}&encan=${galaId}&section=stage`);
    const card = page.locator('.stage__lot', { hasText: 'Hockey jersey' });
    await card.getByRole('button', { name: 'Record the sale' }).click();
    await card.getByLabel('Winner: bidder number, name, email or phone').fill('Gagnon');
    await card.getByRole('button', { name: /Noah Gagnon/ }).click();
    await card.getByLabel('Hammer price ($)').fill('300');
    await card.getByRole('button', { name: 'Record the sale' }).click();
    await page.getByRole('dialog').getByText('won by Noah Gagnon for $300.00').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Record the sale' }).click();
    await card.getByText('Sold on stage to Noah Gagnon for $300.00').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'console stage (en)');
    await shots(page, 'console-stage-en');
    expect(user.id).toBeTruthy();

    // Ava Martin's paddle was called, at $325: both the winner and the price are corrected.
    await card.getByRole('button', { name: 'Correct the sale' }).click();
    expect(await card.getByLabel('Hammer price ($)').inputValue()).toBe('300.00');
    await card.getByRole('button', { name: 'Choose another winner' }).click();
    await card.getByLabel('Winner: bidder number, name, email or phone').fill('Martin');
    await card.getByRole('button', { name: /Ava Martin/ }).click();
    await card.getByLabel('Hammer price ($)').fill('325');
    await card.getByRole('button', { name: 'Correct the sale' }).click();
    // No reason, nothing sent.
    await card.getByText("Say why the sale is corrected: the reason is kept in the lot's history.").waitFor();
    await card.getByLabel('Why is the sale corrected?').fill('Paddle misread');
    await card.getByRole('button', { name: 'Correct the sale' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Hockey jersey: sold to Ava Martin for $325.00 instead of Noah Gagnon for $300.00.', { exact: false })
      .waitFor();
    await expectAccessible(page, 'console stage correction (en)');
    await shots(page, 'console-stage-correction-en');
    await dialog.getByRole('button', { name: 'Correct the sale' }).click();
    await card.getByText('Sold on stage to Ava Martin for $325.00 (corrected)').waitFor({ timeout: 15_000 });
    await t.projections.caughtUp();
    expect(await lotView(lotId)).toEqual({ status: 5, winner_id: called.id, price: 325_00 });
    await page.context().close();
  }, 120_000);
});
