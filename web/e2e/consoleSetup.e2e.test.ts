import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login } from '../../api/test/accounts/accountFlows.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { DESKTOP, expectAccessible, screenshotBothWidths, visitorContext } from './browserKit.ts';
import { fillNewAuctionForm } from './newAuctionForm.ts';
import { withServedApp } from './servedApp.ts';

/**
 * Issue 19 §2, in each language: an administrator creates an organisation, then an auction in it,
 * sets its fields, adds a closing group and opens it, from the console only.
 */
let t: TestApp;
let browser: Browser;
let origin: string;

withServedApp((served) => {
  ({ t, origin, browser } = served);
});

const WORDS = {
  fr: {
    path: '/console',
    lotsPath: (link: string) => `/encans/${link}/lots`,
    organization: 'Organisme',
    auctions: 'Encans',
    newOrganizationName: 'Nom du nouvel organisme',
    createOrganization: 'Créer l’organisme',
    setup: 'Configuration',
    hideCountdown: 'Masquer le compte à rebours',
    footerEmail: 'Courriel du pied de page',
    save: 'Enregistrer les modifications',
    saved: 'Enregistré.',
    groups: 'Groupes de fermeture',
    groupName: 'Nom en français',
    groupEnd: 'Fin des lots du groupe',
    tabs: 'Onglets',
    tabName: 'Nom de l’onglet en français',
    tabUrl: 'Adresse de l’onglet en français',
    tabContent: 'Texte de la page en français (HTML)',
    tabPreview: 'Aperçu du texte de la page',
    bold: 'Gras',
    link: 'Lien',
    linkAddress: 'Adresse du lien',
    teamBackground: 'Couleur de fond',
    add: 'Ajouter',
    addTax: 'Ajouter une taxe',
    firstTax: 'Taxe 1',
    nameEn: 'Nom en anglais',
    rate: 'Taux (%)',
    saveTaxes: 'Enregistrer les taxes',
    taxExample: 'Sur un achat de 100,00 $, une facture ajoute TVH (13 %) 13,00 $ : 113,00 $ en tout.',
    moveUp: 'Monter « Dons »',
    banners: 'Bannières',
    bannerAdded: 'Images de bannière ajoutées.',
    firstBanner: 'Photo 1',
    orderSaved: 'Nouvel ordre enregistré.',
    status: 'Statut',
    openNow: 'Ouvrir maintenant',
    openConsequence: 'Les mises s’ouvrent maintenant',
  },
  en: {
    path: '/en/console',
    lotsPath: (link: string) => `/en/auctions/${link}/items`,
    organization: 'Organization',
    auctions: 'Auctions',
    newOrganizationName: 'Name of the new organization',
    createOrganization: 'Create the organization',
    setup: 'Set up',
    hideCountdown: 'Hide the countdown',
    footerEmail: 'Footer email',
    save: 'Save the changes',
    saved: 'Saved.',
    groups: 'Closing groups',
    groupName: 'Name in French',
    groupEnd: "End of the group's lots",
    tabs: 'Tabs',
    tabName: 'Tab name in French',
    tabUrl: 'Tab address in French',
    tabContent: 'Page text in French (HTML)',
    tabPreview: 'Preview of the page text',
    bold: 'Bold',
    link: 'Link',
    linkAddress: 'Link address',
    teamBackground: 'Background colour',
    add: 'Add',
    addTax: 'Add a tax',
    firstTax: 'Tax 1',
    nameEn: 'Name in English',
    rate: 'Rate (%)',
    saveTaxes: 'Save the taxes',
    taxExample: 'On a purchase of $100.00, an invoice adds HST (13%) $13.00: $113.00 in all.',
    moveUp: 'Move up “Dons”',
    banners: 'Banners',
    bannerAdded: 'Banner images added.',
    firstBanner: 'Photo 1',
    orderSaved: 'New order saved.',
    status: 'Status',
    openNow: 'Open now',
    openConsequence: 'Bidding opens now',
  },
} as const;

/** A photo the demo ships, uploaded as a banner. */
const BANNER = resolve(import.meta.dirname, '../public/demo/banner-autumn.jpg');

/** A `datetime-local` value some days from now, in the browser's zone. */
function daysFromNow(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T20:00`;
}

async function bothWidths(page: Page, name: string) {
  await screenshotBothWidths(page, name);
  await page.setViewportSize(DESKTOP);
}

describe.each(['fr', 'en'] as const)('setting an auction up from nothing (%s)', (language) => {
  const w = WORDS[language];
  it('creates an organisation, an auction and a closing group, sets fields and opens it', async () => {
    const admin = (await login(t.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token as string;
    const context = await visitorContext(browser, { token: admin }, DESKTOP);
    const page = await context.newPage();
    const organizationName = `Fondation Essai ${language.toUpperCase()}`;
    const link = `essai-${language}-${Date.now()}`;

    await page.goto(`${origin}${w.path}`);
    await page.getByRole('link', { name: w.organization, exact: true }).click();
    await page.getByLabel(w.newOrganizationName).fill(organizationName);
    await page.getByRole('button', { name: w.createOrganization }).click();
    await page.getByRole('button', { name: organizationName, pressed: true }).waitFor();
    // A team with its colours: the sample badge shows them before saving.
    await page.getByLabel(w.groupName).fill('Les Bénévoles');
    await page.getByLabel(w.teamBackground).fill('#8b1f4f');
    await page.getByRole('button', { name: w.add, exact: true }).click();
    await page.getByRole('group', { name: 'Les Bénévoles' }).waitFor();
    // Its taxes (docs/payments.md "Taxes"): Ontario's HST, named in both languages, shown on a
    // sample purchase, saved behind a confirmation, still there after a reload.
    await page.getByRole('button', { name: w.addTax }).click();
    const tax = page.getByRole('group', { name: w.firstTax });
    await tax.getByLabel(w.groupName).fill('TVH');
    await tax.getByLabel(w.nameEn).fill('HST');
    await tax.getByLabel(w.rate).fill('13');
    await page.getByText(w.taxExample).waitFor();
    await page.getByRole('button', { name: w.saveTaxes }).click();
    const confirmTaxes = page.getByRole('dialog');
    await confirmTaxes.getByText(w.taxExample.split(',')[0] as string).waitFor();
    await screenshotBothWidths(page, `console-taxes-confirm-${language}`, false);
    await page.setViewportSize(DESKTOP);
    await confirmTaxes.getByRole('button', { name: w.saveTaxes }).click();
    await page.getByText(w.saved).first().waitFor();
    await page.reload();
    await page.getByRole('group', { name: w.firstTax }).getByLabel(w.rate).waitFor();
    expect(await page.getByRole('group', { name: w.firstTax }).getByLabel(w.rate).inputValue()).toBe('13');
    await expectAccessible(page, `console organisation (${language})`);
    await bothWidths(page, `console-organization-${language}`);

    await page.getByRole('link', { name: w.auctions, exact: true }).click();
    const create = await fillNewAuctionForm(page, language, {
      titleFr: 'Encan d’essai',
      titleEn: 'Test auction',
      link,
      opens: daysFromNow(1),
      ends: daysFromNow(7),
    });
    await expectAccessible(page, `console new auction (${language})`);
    await bothWidths(page, `console-new-auction-${language}`);
    await create.click();

    // The new auction opens on its set-up.
    await page.getByRole('button', { name: w.save }).waitFor();
    expect(page.url()).toMatch(/section=setup/);
    await page.getByLabel(w.hideCountdown).check();
    await page.getByLabel(w.footerEmail).fill('info@essai.org');
    await expect.poll(() => page.locator('.setup__preview').textContent()).toContain('info@essai.org');
    await page.getByRole('button', { name: w.save }).click();
    await page.getByText(w.saved).first().waitFor();
    await expectAccessible(page, `console set-up (${language})`);
    await bothWidths(page, `console-setup-${language}`);

    await page.getByRole('button', { name: w.groups }).click();
    await page.getByLabel(w.groupName).fill('Vins');
    await page.getByLabel(w.groupEnd).fill(daysFromNow(6));
    await page.getByRole('button', { name: w.add }).click();
    await page.getByRole('group', { name: 'Vins' }).waitFor();
    await expectAccessible(page, `console closing groups (${language})`);
    await bothWidths(page, `console-groups-${language}`);

    // A tab's rich text is previewed as the sanitiser lets it through: formatting kept, script gone.
    await page.getByRole('button', { name: w.tabs, exact: true }).click();
    await page.getByLabel(w.tabName).fill('Infos');
    await page.getByLabel(w.tabUrl).fill('infos');
    await page.getByLabel(w.tabContent).fill('<p><b>Stationnement</b> gratuit</p><script>alert(1)</script>');
    const preview = page.getByRole('region', { name: w.tabPreview });
    await preview.locator('b', { hasText: 'Stationnement' }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    // The toolbar writes the tags around the selected word, through the browser's typing: undoable.
    const content = page.getByLabel(w.tabContent);
    const selectFree = () =>
      content.evaluate((box: HTMLTextAreaElement) => {
        const at = box.value.indexOf('gratuit');
        box.setSelectionRange(at, at + 'gratuit'.length);
      });
    await selectFree();
    // Each text box has its toolbar, the one that controls it.
    const boxId = await content.getAttribute('id');
    const toolbar = page.locator(`[role="toolbar"][aria-controls="${boxId}"]`);
    await toolbar.getByRole('button', { name: w.bold }).click();
    await expect.poll(() => content.inputValue()).toContain('<strong>gratuit</strong>');
    await preview.locator('strong', { hasText: 'gratuit' }).waitFor();
    await content.press('Control+z');
    await expect.poll(() => content.inputValue()).toContain('</b> gratuit</p>');
    // A link asks for its address; Enter writes it over the words still selected, not the tab's form.
    await selectFree();
    await toolbar.getByRole('button', { name: w.link, exact: true }).click();
    await page.getByLabel(w.linkAddress).fill('example.org/stationnement');
    await page.getByLabel(w.linkAddress).press('Enter');
    await expect.poll(() => content.inputValue()).toContain('<a href="https://example.org/stationnement">gratuit</a>');
    await preview.locator('a[href="https://example.org/stationnement"]', { hasText: 'gratuit' }).waitFor();
    await content.press('Control+z');
    await expect.poll(() => content.inputValue()).toContain('</b> gratuit</p>');
    // The editors' shortcuts work in the text box: Ctrl+I, undone as well.
    await selectFree();
    await content.press('Control+i');
    await expect.poll(() => content.inputValue()).toContain('<em>gratuit</em>');
    await content.press('Control+z');
    await expect.poll(() => content.inputValue()).toContain('</b> gratuit</p>');
    await page.getByRole('button', { name: w.add }).click();
    await page.getByRole('group', { name: 'Infos' }).waitFor();
    // A second tab, then moved before the first: one call puts the whole list in its new order.
    await page.getByLabel(w.tabName).last().fill('Dons');
    await page.getByLabel(w.tabUrl).last().fill('dons');
    await page.getByRole('button', { name: w.add }).click();
    await page.getByRole('group', { name: 'Dons' }).waitFor();
    await page.getByRole('button', { name: w.moveUp }).click();
    await page.getByText(w.orderSaved).waitFor();
    await expect
      .poll(() => page.locator('.setup__parts > form legend').allTextContents())
      .toEqual(['Dons', 'Infos', expect.any(String)]);
    await expectAccessible(page, `console tabs (${language})`);
    await bothWidths(page, `console-tabs-${language}`);

    // A banner uploaded from the computer: resized by the API, then a row with its flags.
    await page.getByRole('button', { name: w.banners, exact: true }).click();
    await page.locator('input[type=file]').setInputFiles(BANNER);
    await page.getByText(w.bannerAdded).waitFor();
    await page.getByRole('group', { name: w.firstBanner }).locator('img.setup__thumb').waitFor();
    await expectAccessible(page, `console banners (${language})`);
    await bothWidths(page, `console-banners-${language}`);

    await page.getByRole('button', { name: w.status, exact: true }).click();
    await page.getByRole('button', { name: w.openNow, exact: true }).click();
    await page.getByText(w.openConsequence).waitFor();
    await expectAccessible(page, `console status dialog (${language})`);
    await bothWidths(page, `console-status-${language}`);
    await page.getByRole('dialog').getByRole('button', { name: w.openNow }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The uploaded banner is the bidders' header, served by the API at its width.
    await page.goto(`${origin}${w.lotsPath(link)}`);
    const banner = page.locator('img.auction-banner__image[src*="/api/media/banners/"]');
    await banner.waitFor();
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // What the console did is what the API now says.
    const auctions = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auctions',
      headers: { authorization: `Bearer ${admin}` },
    });
    const created = (auctions.json() as Array<Record<string, unknown>>).find((a) => a.urlMagicLink === link);
    expect(created).toMatchObject({
      status: 3,
      organizationName,
      hideCountdown: true,
      footerEmail: 'info@essai.org',
      closingGroups: [expect.objectContaining({ translations: [expect.objectContaining({ name: 'Vins' })] })],
      photos: [
        expect.objectContaining({ fullPath: expect.stringMatching(/^\/api\/media\/banners\/.+-banner\.webp$/) }),
      ],
      tabs: [
        expect.objectContaining({ order: 0, translations: [expect.objectContaining({ name: 'Dons' })] }),
        expect.objectContaining({
          order: 1,
          translations: [expect.objectContaining({ name: 'Infos', content: '<p><b>Stationnement</b> gratuit</p>' })],
        }),
      ],
    });
    await context.close();
    // Fourteen full-page screenshots and six axe runs: longer than a unit test on a busy machine.
  }, 120_000);
});
