import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, screenshotBothWidths, visitorContext } from './browserKit.ts';
import { withServedApp } from './servedApp.ts';

/**
 * Issue 19 §2: an administrator makes a user auction manager of the demo's organisation in the
 * console, and that user then sees the organisation's auctions in their own console.
 */
let t: TestApp;
let browser: Browser;
let origin: string;

withServedApp((served) => {
  ({ t, origin, browser } = served);
});

describe('the operator console', () => {
  it('lets an administrator grant the auction-manager role, after which the user sees the auctions', async () => {
    const user = await registerConfirmed(t, { firstName: 'Rosalie', lastName: 'Bergeron' });
    const admin = (await login(t.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token as string;
    const adminContext = await visitorContext(browser, { token: admin }, DESKTOP);
    const page = await adminContext.newPage();
    // Found from any page through the user menu, which closes on the way.
    await page.goto(`${origin}/`);
    await page.locator('summary.header-button').click();
    await screenshot(page, 'user-menu-console-fr-1280', false);
    await page.getByRole('link', { name: 'Console de gestion' }).click();
    await page.getByRole('heading', { level: 1, name: 'Console de gestion' }).waitFor();
    expect(await page.locator('details.menu').first().getAttribute('open')).toBeNull();
    // The demo's organisation is chosen first; its members are a section of its own.
    await page.getByRole('link', { name: 'Membres et rôles' }).click();
    await page.getByRole('heading', { name: /Membres — / }).waitFor();
    await page.getByLabel('Trouver une personne à qui donner un rôle').fill('Bergeron');
    await page.getByRole('button', { name: /Rosalie Bergeron/ }).click();
    await page.getByRole('button', { name: 'Nommer Rosalie Bergeron Gestionnaire d’encan' }).click();
    await page.getByText('Rosalie Bergeron devient Gestionnaire d’encan').waitFor();
    await expectAccessible(page, 'console grant dialog (fr)');
    await page.getByRole('button', { name: 'Donner le rôle' }).click();
    await page.getByRole('button', { name: 'Retirer le rôle Gestionnaire d’encan à Rosalie Bergeron' }).waitFor();
    await expectAccessible(page, 'console (fr)');
    await screenshot(page, 'console-fr-1280');
    // The lot table: hiding a lot goes through a confirmation stating what it does.
    await page.getByRole('link', { name: 'Encans', exact: true }).click();
    await page.getByRole('button', { name: 'Lots — Gala d’hiver 2026' }).click();
    const hide = page.getByRole('button', { name: /^Masquer le lot \d+$/ }).first();
    const lotNumber = ((await hide.getAttribute('aria-label')) ?? '').replace(/\D/g, '');
    await hide.click();
    await page.getByText(`disparaît des listes des enchérisseurs`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Masquer', exact: true }).click();
    await page.getByRole('button', { name: `Afficher le lot ${lotNumber}` }).waitFor({ timeout: 15_000 });
    // The chosen auction is in the address: a reload shows the same lot table.
    expect(page.url()).toMatch(/\/console\?organisation=\d+&encan=\d+&section=lots$/);
    await page.reload();
    await page.getByRole('button', { name: `Afficher le lot ${lotNumber}` }).waitFor();
    await expectAccessible(page, 'console lots (fr)');
    await screenshot(page, 'console-lots-fr-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'console-fr-390');
    const organizationName = (await page.locator('.console__org--on').textContent()) ?? '';
    await adminContext.close();

    const manager = (await login(t.app, user.body.username, user.body.password)).body.token as string;
    const managerContext = await visitorContext(browser, { token: manager }, DESKTOP);
    const mine = await managerContext.newPage();
    await mine.goto(`${origin}/en/console`);
    await mine.getByRole('heading', { name: `Auctions of ${organizationName}` }).waitFor();
    const auctions = mine.locator('#console-auctions .console__card');
    await auctions.first().waitFor();
    expect(await auctions.count()).toBeGreaterThan(0);
    await mine.getByRole('button', { name: 'Lots of Winter Gala 2026' }).click();
    await mine
      .getByRole('button', { name: /^Close now lot \d+$/ })
      .first()
      .waitFor();
    await expectAccessible(mine, 'console (en)');
    await screenshot(mine, 'console-en-1280');
    // An auction manager grants the organisation's roles but not administrator.
    await mine.getByRole('link', { name: 'Members and roles' }).click();
    await mine.locator('.console__member').first().waitFor();
    expect(await mine.getByRole('button', { name: /^Make .* Administrator$/ }).count()).toBe(0);
    await mine.setViewportSize(PHONE);
    await screenshot(mine, 'console-en-390');
    await managerContext.close();
  });

  it('puts a lot in several categories from its editor, in both languages', async () => {
    const admin = (await login(t.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token as string;
    const categoriesOf = async (lotNumber: string) =>
      (
        await t.database.db
          .selectFrom('lot_categories as c')
          .innerJoin('lots as l', 'l.id', 'c.lot_id')
          .innerJoin('auctions as a', 'a.id', 'l.auction_id')
          .select('c.category_id')
          .where('a.url_magic_link', '=', 'demo-gala')
          .where('l.lot_number', '=', Number(lotNumber))
          .orderBy('c.category_id')
          .execute()
      ).map((row) => row.category_id);
    for (const [language, words] of [
      [
        'fr',
        {
          path: '/console',
          lots: 'Lots — Gala d’hiver 2026',
          edit: /^Modifier le lot \d+$/,
          save: 'Enregistrer',
          saved: 'Lot enregistré.',
          legend: 'Catégories (un lot peut être dans plusieurs)',
        },
      ],
      [
        'en',
        {
          path: '/en/console',
          lots: 'Lots of Winter Gala 2026',
          edit: /^Edit lot \d+$/,
          save: 'Save',
          saved: 'Lot saved.',
          legend: 'Categories (a lot may be in several)',
        },
      ],
    ] as const) {
      const context = await visitorContext(browser, { token: admin }, DESKTOP);
      const page = await context.newPage();
      await page.goto(`${origin}${words.path}`);
      await page.getByRole('button', { name: words.lots }).click();
      const edit = page.getByRole('button', { name: words.edit }).nth(language === 'fr' ? 1 : 2);
      const lotNumber = ((await edit.getAttribute('aria-label')) ?? '').replace(/\D/g, '');
      await edit.click();
      const boxes = page.getByRole('group', { name: words.legend }).getByRole('checkbox');
      await boxes.first().waitFor();
      // Every box ticked but the first: the lot ends in all the auction's categories but one.
      const count = await boxes.count();
      expect(count).toBeGreaterThan(2);
      for (let i = 0; i < count; i++) await boxes.nth(i).setChecked(i > 0);
      await page.getByRole('button', { name: words.save, exact: true }).click();
      await page.getByText(words.saved).waitFor();
      expect(await categoriesOf(lotNumber)).toHaveLength(count - 1);
      await expectAccessible(page, `lot editor categories (${language})`);
      await screenshotBothWidths(page, `console-lot-categories-${language}`);
      await context.close();
    }
  });

  it('sends a visitor to sign in and a bidder to the access-denied page', async () => {
    const context = await visitorContext(browser);
    const page = await context.newPage();
    await page.goto(`${origin}/en/console`);
    await page.waitForURL(/\/en\/login\?returnUrl=%2Fen%2Fconsole/);
    const bidder = await registerConfirmed(t);
    const bidderContext = await visitorContext(browser, { token: bidder.token });
    const bidderPage = await bidderContext.newPage();
    await bidderPage.goto(`${origin}/console`);
    await bidderPage.waitForURL(/\/acces-refuse$/);
    await context.close();
    await bidderContext.close();
  });

  it('tells a volunteer where they invite guests, without operator calls', async () => {
    const volunteer = (await login(t.app, 'volunteer@demo.local', 'Demo-Volunteer-2026!')).body.token as string;
    const context = await visitorContext(browser, { token: volunteer }, PHONE);
    const page = await context.newPage();
    await page.goto(`${origin}/console`);
    await page.getByText('Comme bénévole, vous invitez aussi des personnes').waitFor();
    expect(await page.getByRole('heading', { name: 'Organismes' }).count()).toBe(0);
    await expectAccessible(page, 'console volunteer (fr)');
    await screenshot(page, 'console-volunteer-fr-390');
    await context.close();
  });
});
