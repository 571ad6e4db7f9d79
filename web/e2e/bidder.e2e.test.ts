import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstLink, newBidder, register, registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import { TEST_PUBLIC_URL, type TestApp } from '../../api/test/testApp.ts';
import { CHROMIUM, DESKTOP, expectAccessible, PHONE, screenshot, visitorContext } from './browserKit.ts';
import { withServedApp } from './servedApp.ts';

/**
 * The bidder's experience in a real Chromium against the real stack (PostgreSQL, Redis, engine,
 * projections, hub, messaging), in both languages. The demo auction `demo-gala` is Active; its
 * first closing group ends 20 minutes after the demo loads.
 */
const AUCTION = 'demo-gala';
let t: TestApp;
let browser: Browser;
let origin: string;

async function registered(overrides: Record<string, unknown> = {}) {
  const body = newBidder(overrides);
  const response = await register(t.app, body);
  if (response.statusCode !== 200) throw new Error(response.body);
  const profile = response.json() as { id: string; token: string };
  return { body, profile, session: { token: profile.token } };
}

/** The first open, bid-type lot of the demo auction. */
async function biddingLot(): Promise<{ id: number; lotNumber: number }> {
  const answer = await t.app.inject({ url: `/api/auction-lot-items?urlMagicLink=${AUCTION}&pageSize=25` });
  const lot = (
    answer.json() as { items: Array<{ id: number; lotNumber: number; type: number; status: number; bidCount: number }> }
  ).items.find(
    // A lot nobody has bid on yet, so no demo maximum bid answers the test's bids.
    (item) => item.type === 1 && item.status === 2 && item.bidCount === 0,
  );
  if (!lot) throw new Error('no open lot in the demo');
  return lot;
}

const priceText = (page: Page) => page.locator('.lot-detail__price').textContent();

/** The login form in English, filled and sent; done when the account menu shows. */
async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Email or cellphone').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.locator('summary.header-button').waitFor();
}

/** A new bidder who logged in through the form, as a browser does: the refresh cookie is set there. */
async function loggedInThroughTheForm() {
  const { body } = await registerConfirmed(t, { language: 'en' });
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto(`${origin}/en/login`);
  await logIn(page, body.username, body.password);
  return { context, page };
}

withServedApp((served) => {
  ({ t, origin, browser } = served);
});

describe.runIf(existsSync(CHROMIUM))('the bidder web app', { timeout: 120_000 }, () => {
  it('registers in French, logs out and in again, and switches to English saving the preference', async () => {
    const context = await visitorContext(browser);
    const page = await context.newPage();
    const bidder = newBidder();
    await page.goto(`${origin}/enregistrer?auction=${AUCTION}`);
    await page.getByRole('heading', { name: /Inscription à Gala d’hiver 2026/ }).waitFor();
    await expectAccessible(page, 'register fr');
    await screenshot(page, 'register-fr');
    await page.getByLabel('Courriel', { exact: true }).fill(bidder.username);
    await page.getByLabel('Prénom').fill(bidder.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(bidder.lastName);
    await page.getByLabel('Nom d’enchérisseur affiché').fill('Marie_L');
    await page.getByLabel('Cellulaire', { exact: true }).click();
    // The demo bidder already uses this name: checked on blur, the form refuses it.
    await page.getByText('Ce nom d’enchérisseur est déjà utilisé.').waitFor();
    expect(await page.getByRole('button', { name: 'Créer mon compte' }).isDisabled()).toBe(true);
    await page.getByLabel('Nom d’enchérisseur affiché').fill(bidder.nickName);
    await page.getByLabel('Cellulaire', { exact: true }).fill(bidder.cellphone.replace(/\D/g, ''));
    expect(await page.getByLabel('Cellulaire', { exact: true }).inputValue()).toBe(bidder.cellphone);
    expect(await page.getByLabel(/Textos/).isEnabled()).toBe(true);
    await page.getByLabel('Mot de passe', { exact: true }).fill(bidder.password);
    await page.getByLabel('Confirmer le mot de passe').fill(bidder.password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL(`${origin}/encans/${AUCTION}/lots`);
    await page.locator('summary.header-button').waitFor();

    // The confirmation link of the email, opened in the browser.
    const mail = await t.messaging.outbox.waitFor(bidder.username, { template: 'emailConfirmation' });
    const link = firstLink(mail.body);
    await page.goto(`${origin}${link.pathname}${link.search}`);
    await page.getByText('Votre courriel est confirmé. Vous pouvez vous connecter.').waitFor();
    await screenshot(page, 'email-confirmation-fr');

    await page.locator('summary.header-button').click();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await expectAccessible(page, 'login fr');
    await screenshot(page, 'login-fr');
    await page.getByLabel('Courriel ou cellulaire').fill(bidder.username);
    await page.getByLabel('Mot de passe', { exact: true }).fill(bidder.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${origin}/`);
    await page.locator('summary.header-button').waitFor();

    await page.goto(`${origin}/encans/${AUCTION}/lots`);
    await page.locator('.lot-card').first().waitFor();
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${origin}/en/auctions/${AUCTION}/items`);
    await page.getByRole('heading', { name: 'Lots' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .selectFrom('users')
              .select('preferred_language')
              .where('username', '=', bidder.username)
              .executeTakeFirstOrThrow()
          ).preferred_language,
      )
      .toBe('en');
    await page.getByRole('link', { name: 'Log in' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows every screen without a serious accessibility violation, in both languages', async () => {
    const { session } = await registered();
    const lot = await biddingLot();
    const context = await visitorContext(browser, session);
    const page = await context.newPage();
    const screens: Array<[string, string, string]> = [
      ['home', '/', '/en'],
      ['lot-list', `/encans/${AUCTION}/lots`, `/en/auctions/${AUCTION}/items`],
      ['lot-detail', `/encans/${AUCTION}/lots/${lot.id}`, `/en/auctions/${AUCTION}/items/${lot.id}`],
      ['favorites', `/encans/${AUCTION}/favoris`, `/en/auctions/${AUCTION}/your-favorites`],
      ['leaderboard', `/encans/${AUCTION}/classement`, `/en/auctions/${AUCTION}/leaderboard`],
      ['donations', `/encans/${AUCTION}/dons`, `/en/auctions/${AUCTION}/donations`],
      ['profile', '/profil', '/en/profile'],
      ['notifications', '/profil/notifications', '/en/profile/notifications'],
      ['password-recovery', '/recuperer-mot-de-passe', '/en/password-recovery'],
      ['access-denied', '/acces-refuse', '/en/access-denied'],
    ];
    for (const [name, fr, en] of screens) {
      for (const [language, path] of [
        ['fr', fr],
        ['en', en],
      ] as const) {
        await page.goto(`${origin}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        await expectAccessible(page, `${name} ${language}`);
        await screenshot(page, `${name}-${language}`);
      }
    }
    // The unprefixed English alias and an unknown path.
    await page.goto(`${origin}/auctions/${AUCTION}/items`);
    await page.getByRole('heading', { name: 'Lots' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.goto(`${origin}/en/nowhere`);
    await page.waitForURL(`${origin}/en`);
    await context.close();
  });

  it('bids in one browser while a second one sees the lot change live, then the first is told it lost the lead', async () => {
    const alice = await registered();
    const bob = await registered();
    const lot = await biddingLot();
    const path = `/en/auctions/${AUCTION}/items/${lot.id}`;
    const aliceContext = await visitorContext(browser, alice.session);
    const bobContext = await visitorContext(browser, bob.session);
    const alicePage = await aliceContext.newPage();
    const bobPage = await bobContext.newPage();
    await Promise.all([alicePage.goto(`${origin}${path}`), bobPage.goto(`${origin}${path}`)]);
    await Promise.all([
      alicePage.locator('.lot-detail__price').waitFor(),
      bobPage.locator('.lot-detail__price').waitFor(),
    ]);
    const before = await priceText(bobPage);

    await alicePage.getByRole('button', { name: 'Bid', exact: true }).click();
    const dialog = alicePage.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(alicePage, 'bid dialog');
    await screenshot(alicePage, 'bid-dialog-en');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await alicePage.getByText('Your bid was placed.').waitFor();
    await alicePage.getByText('You are winning').waitFor();
    // Bob's page changes without a reload.
    await expect.poll(() => priceText(bobPage), { timeout: 15_000 }).not.toBe(before);

    // Bob outbids: Alice is told at once.
    await bobPage.getByRole('button', { name: 'Bid', exact: true }).click();
    await bobPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await bobPage.getByText('Your bid was placed.').waitFor();
    await alicePage.getByText(`You were outbid on lot ${lot.lotNumber}.`).waitFor({ timeout: 15_000 });
    await alicePage.getByText('You have been outbid').waitFor();
    await screenshot(alicePage, 'outbid-en');

    // A maximum bid far above: the confirmation warns, then Alice leads again automatically.
    await alicePage.getByLabel('Maximum bid (we bid for you, up to this amount)').fill('5000');
    await alicePage.getByRole('button', { name: 'Place a maximum bid' }).click();
    await alicePage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await alicePage.getByText('Your maximum bid:').waitFor();
    await alicePage.getByText('You are winning').waitFor({ timeout: 15_000 });
    // A manual bid of 4 times the price while winning shows both warnings of spec 001 §5.
    await alicePage.getByLabel(/Your bid/).fill('100000');
    await alicePage.getByRole('button', { name: 'Bid', exact: true }).click();
    await alicePage.getByText(/at least 4 times the current bid/).waitFor();
    await alicePage.getByText(/You are already winning this lot/).waitFor();
    await alicePage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // Focus goes back to the button that opened the dialog.
    await expect.poll(() => alicePage.evaluate(() => document.activeElement?.textContent)).toBe('Bid');
    await aliceContext.close();
    await bobContext.close();
  });

  it('shows a maximum bid placed while already leading at once, without a reload', async () => {
    const { session } = await registered();
    const lot = await biddingLot();
    const context = await visitorContext(browser, session);
    const page = await context.newPage();
    await page.goto(`${origin}/en/auctions/${AUCTION}/items/${lot.id}`);
    await page.getByRole('button', { name: 'Bid', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('You are winning').waitFor();
    // Leading already, a maximum bid changes nothing public: no live event will have the lot read again.
    await page.getByLabel('Maximum bid (we bid for you, up to this amount)').fill('1250');
    await page.getByRole('button', { name: 'Place a maximum bid' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your maximum bid:').waitFor({ timeout: 5_000 });
    await page.getByText('$1,250.00').first().waitFor();
    // A reload keeps both: the maximum bid from the read model, the bid's receipt from the tab's storage.
    await page.reload();
    await page.getByText('Your maximum bid:').waitFor();
    await page.getByRole('link', { name: 'Download my bid receipt' }).waitFor();
    await context.close();
  });

  it('buys a fixed-price item, favourites a lot and donates, in French', async () => {
    const { session } = await registered();
    const context = await visitorContext(browser, session);
    const page = await context.newPage();
    const lots = (await t.app.inject({ url: `/api/auction-lot-items?urlMagicLink=${AUCTION}&pageSize=25` })).json() as {
      items: Array<{ id: number; type: number; isDonation: boolean; remainingQuantity: number | null }>;
    };
    const fixed = lots.items.find((item) => item.type === 3 && !item.isDonation);
    if (!fixed) throw new Error('no fixed-price lot in the demo');
    await page.goto(`${origin}/encans/${AUCTION}/lots/${fixed.id}`);
    await page.getByLabel('Quantité').fill('2');
    await page.getByRole('button', { name: 'Acheter', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByText(/2 articles pour/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Votre achat est effectué.').waitFor();
    await expect.poll(async () => page.locator('.sold-info').textContent(), { timeout: 15_000 }).toMatch(/vendus/);
    // Bought, never bid on: no « Historique des mises (0) » beside « 2 vendus ».
    expect(await page.getByRole('button', { name: /Historique des mises/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Favori' }).first().click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Favori' }).first().getAttribute('aria-pressed'))
      .toBe('true');
    // The favourites are the generic list table: a row per lot on a wide screen.
    await page.goto(`${origin}/encans/${AUCTION}/favoris`);
    await page.locator('.list-table__table tbody tr').first().waitFor();
    expect(await page.locator('.list-table__table tbody tr').count()).toBe(1);

    await page.goto(`${origin}/encans/${AUCTION}/dons`);
    await page.getByRole('heading', { name: 'Dons' }).waitFor();
    await page.getByLabel('Autre montant').check();
    await page.getByLabel('Votre montant en dollars').fill('42,50');
    await page.getByRole('button', { name: 'Faire un don' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('dialog').getByText('Votre don a été reçu.').waitFor();
    await screenshot(page, 'donation-thanks-fr');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Faire un autre don' }).waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('buys once when the answers are lost after the server recorded the purchase: the dialog says so, confirming again', async () => {
    const lots = async () =>
      (
        (await t.app.inject({ url: `/api/auction-lot-items?urlMagicLink=${AUCTION}&pageSize=25` })).json() as {
          items: Array<{ id: number; type: number; isDonation: boolean; remainingQuantity: number | null }>;
        }
      ).items;
    const fixed = (await lots()).find((item) => item.type === 3 && !item.isDonation);
    if (!fixed) throw new Error('no fixed-price lot in the demo');
    const remaining = async () => (await lots()).find((item) => item.id === fixed.id)?.remainingQuantity;
    for (const [language, viewport] of [
      ['fr', PHONE],
      ['en', DESKTOP],
    ] as const) {
      const words =
        language === 'fr'
          ? {
              path: `/encans/${AUCTION}/lots/${fixed.id}`,
              buy: 'Acheter',
              confirm: 'Confirmer',
              done: 'Votre achat est effectué.',
            }
          : {
              path: `/en/auctions/${AUCTION}/items/${fixed.id}`,
              buy: 'Buy',
              confirm: 'Confirm',
              done: 'Your purchase is done.',
            };
      const { session } = await registered();
      const context = await visitorContext(browser, session, viewport);
      const page = await context.newPage();
      // The phone loses every answer to its first three purchases: each reaches the server, which records
      // it, and the browser sees the network fail (the mutation's two retries included).
      let sent = 0;
      await page.route('**/api/bids/auctionlotitem/*/buy', async (route) => {
        sent += 1;
        await route.fetch();
        if (sent <= 3) await route.abort('failed');
        else await route.continue();
      });
      await page.goto(`${origin}${words.path}`);
      const before = await remaining();
      await page.getByRole('button', { name: words.buy, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: words.confirm }).click();
      await dialog.getByRole('alert').waitFor({ timeout: 15_000 });
      expect(sent).toBe(3);
      await expectAccessible(page, 'purchase whose answer was lost');
      await screenshot(page, `outcome-unknown-${language}-${viewport.width}`);
      await dialog.getByRole('button', { name: words.confirm }).click();
      await page.getByText(words.done).waitFor();
      // Four requests, one purchase of one.
      expect(sent).toBe(4);
      expect(await remaining()).toBe((before ?? 0) - 1);
      await context.close();
    }
  });

  it('shows the other auctions and the leaderboard banners, and keeps the lot list in place across a reload', async () => {
    const galaId = await t.auctionId(AUCTION);
    await t.database.db
      .updateTable('auction_photos')
      .set({ is_used_as_banner_in_leaderboard: true })
      .where('auction_id', '=', galaId)
      .where('full_path', '=', '/demo/banner-gala.jpg')
      .execute();
    const context = await visitorContext(browser, undefined, { width: 1280, height: 600 });
    const page = await context.newPage();
    await page.goto(`${origin}/en/auctions/${AUCTION}/leaderboard`);
    const banner = page.getByRole('region', { name: 'Leaderboard banner' }).locator('img');
    expect(await banner.getAttribute('src')).toBe('/demo/banner-gala.jpg');

    await page.goto(`${origin}/en/auctions/${AUCTION}/items`);
    await page.getByRole('region', { name: 'Other auctions' }).getByRole('link', { name: 'Spring Auction' }).waitFor();
    const end = page.getByText('You have seen every lot.');
    while (!(await end.isVisible())) await page.mouse.wheel(0, 2000);
    const cards = await page.locator('.lot-card').count();
    expect(cards).toBeGreaterThan(6);
    // A wheel Playwright has sent may reach the page after it answered: the position kept is the
    // one the page is at just before the reload, once no wheel has arrived for a while.
    await page.evaluate(() =>
      window.scrollTo(0, Math.round((document.documentElement.scrollHeight - window.innerHeight) / 2)),
    );
    await page.waitForTimeout(300);
    const savedY = await page.evaluate(() => window.scrollY);
    expect(savedY).toBeGreaterThan(0);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auction-lot-items?')) asked.push(request.url());
    });
    await page.reload();
    await page.waitForFunction((count) => document.querySelectorAll('.lot-card').length === count, cards);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 3, savedY);
    // One request for every page that was loaded (spec 001 §7, refresh variant).
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`pageSize=${Math.ceil(cards / 6) * 6}`);

    await page.getByRole('region', { name: 'Other auctions' }).getByRole('link', { name: 'Spring Auction' }).click();
    await page.waitForURL(`${origin}/en/auctions/demo-printemps`);
    await context.close();
  });

  it('keeps a search in the address: back from a lot, or a reload, finds the list as it was', async () => {
    const context = await visitorContext(browser, undefined, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto(`${origin}/en/auctions/${AUCTION}/items`);
    await page.getByLabel('Search lots').fill('ice wine');
    await page.waitForURL((url) => url.searchParams.get('search') === 'ice wine');
    await expect.poll(() => page.locator('.lot-card').count()).toBe(1);
    await page.locator('.lot-card').getByRole('link').first().click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('search') === 'ice wine');
    expect(await page.getByLabel('Search lots').inputValue()).toBe('ice wine');
    await expect.poll(() => page.locator('.lot-card').count()).toBe(1);
    await page.reload();
    expect(await page.getByLabel('Search lots').inputValue()).toBe('ice wine');
    await expect.poll(() => page.locator('.lot-card').count()).toBe(1);
    // A category is a path of its own: the search goes with it.
    await page.getByRole('link', { name: 'Food and wine' }).click();
    await page.waitForURL((url) => url.pathname.includes('/items/categories/'));
    expect(new URL(page.url()).searchParams.get('search')).toBe('ice wine');
    expect(await page.getByLabel('Search lots').inputValue()).toBe('ice wine');
    // Clearing the search clears the address.
    await page.getByLabel('Search lots').fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await expect.poll(() => page.locator('.lot-card').count()).toBeGreaterThan(1);
    await context.close();
  });

  it('keeps the refresh token out of reach of scripts and renews an expired access token with its cookie', async () => {
    const { context, page } = await loggedInThroughTheForm();
    const stored = await page.evaluate(() => ({ storage: { ...localStorage }, cookies: document.cookie }));
    expect(Object.keys(stored.storage)).not.toContain('refreshToken');
    expect(stored.cookies).not.toContain('auction_refresh');
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'auction_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/account/refresh' });
    // The login left the device known to the account (docs/security.md), out of scripts' reach too.
    expect(stored.cookies).not.toContain('auction_device');
    const device = (await context.cookies()).find((c) => c.name === 'auction_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/account/authenticate' });

    // An access token the API refuses (as an expired one): the app renews it through the cookie.
    await page.evaluate(() => localStorage.setItem('accessToken', 'expired.access.token'));
    await page.reload();
    await page.locator('summary.header-button').waitFor();
    // The account button shows while a token is stored; the renewal (a 401, then the refresh) may finish after it.
    await page.waitForFunction(() => localStorage.getItem('accessToken') !== 'expired.access.token');
    const renewed = await page.evaluate(() => localStorage.getItem('accessToken'));
    // Renewed, not dropped: a refused refresh would have signed the bidder out.
    expect(renewed).toEqual(expect.any(String));
    expect(renewed).not.toBe('expired.access.token');
    expect((await context.cookies()).find((c) => c.name === 'auction_refresh')?.value).not.toBe(cookie?.value);

    // Logging out ends the session on the server: the old cookie renews nothing any more.
    const last = (await context.cookies()).find((c) => c.name === 'auction_refresh')?.value;
    await page.locator('summary.header-button').click();
    // The app shows "Log in" as soon as it forgets the token; the server ends the session with the
    // DELETE that follows, so the check below waits for its answer (under load it came after).
    const ended = page.waitForResponse(
      (response) => response.url().endsWith('/api/account/refresh') && response.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await ended;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      headers: { cookie: `auction_refresh=${last}` },
    });
    expect(again.statusCode).toBe(401);
    await context.close();
  });

  it('stays signed in when a refresh reached the server but its answer, the new cookie, never came back', async () => {
    const { context, page } = await loggedInThroughTheForm();
    const [spent] = (await context.cookies()).filter((c) => c.name === 'auction_refresh');

    // The server rotates the cookie, then the answer is lost (a reload, a dropped connection).
    let lost = 0;
    await page.route('**/api/account/refresh', async (route) => {
      // Sent past the browser, whose cookie jar a routed fetch would update.
      const cookie = (await route.request().allHeaders()).cookie ?? '';
      await t.app.inject({ method: 'POST', url: '/api/account/refresh', headers: { cookie } });
      lost += 1;
      await route.abort('connectionreset');
    });
    await page.evaluate(() => localStorage.setItem('accessToken', 'expired.access.token'));
    await page.reload();
    await expect.poll(() => lost).toBeGreaterThan(0);
    await page.unroute('**/api/account/refresh');
    expect((await context.cookies()).find((c) => c.name === 'auction_refresh')?.value).toBe(spent?.value);

    // The spent cookie, sent again at once, is answered as the lost refresh was, not taken for a copy.
    await page.reload();
    await page.waitForFunction(() => {
      const token = localStorage.getItem('accessToken');
      return token !== null && token !== 'expired.access.token';
    });
    await page.getByRole('link', { name: 'Log in' }).waitFor({ state: 'detached' });
    expect(await page.locator('summary.header-button').count()).toBe(1);
    const profile = await t.app.inject({
      url: '/api/account',
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
    });
    expect(profile.statusCode).toBe(200);
    await context.close();
  });

  it('recovers a password by email through the outbox, then logs in with the new one', async () => {
    const { body } = await registerConfirmed(t, { language: 'en' });
    const context = await visitorContext(browser);
    const page = await context.newPage();
    await page.goto(`${origin}/en/password-recovery`);
    await page.getByLabel('Email', { exact: true }).fill(body.username);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('An email with a reset link was sent.').waitFor();
    const mail = await t.messaging.outbox.waitFor(body.username, { template: 'passwordRecoveryEmail' });
    const link = mail.body.match(/https?:\/\/\S+/)?.[0]?.replace(/[).,>]+$/, '') ?? '';
    expect(link.startsWith(TEST_PUBLIC_URL)).toBe(true);
    await page.goto(link.replace(TEST_PUBLIC_URL, origin));
    await page.getByRole('heading', { name: 'New password' }).waitFor();
    await page.getByLabel('New password').fill('Brand-New-Pass-42!');
    await page.getByLabel('Confirm the password').fill('Brand-New-Pass-42!');
    await page.getByRole('button', { name: 'Save my password' }).click();
    await page.getByText('Your password was reset.').waitFor();
    await page.getByRole('link', { name: 'Go to login' }).click();
    await logIn(page, body.username, 'Brand-New-Pass-42!');
    await context.close();
  });
});
