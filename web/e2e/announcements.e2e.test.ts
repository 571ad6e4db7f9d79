import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, screenshotBothWidths, visitorContext } from './browserKit.ts';
import { withGalaConsole } from './servedApp.ts';

/**
 * Messages to an auction's guests (docs/console.md "Messages to guests"): the manager writes one,
 * chooses how, confirms, and a guest of the gala finds it in their mailbox in their language; the
 * console then shows it sent. In French and in English.
 */
const gala = withGalaConsole();

/** A new guest of the gala, registered as a bidder in `language`. */
async function galaGuest(language: 'fr' | 'en') {
  const guest = await registerConfirmed(gala.t, { language });
  await gala.t.database.db
    .insertInto('auction_bidders')
    .values({ auction_id: gala.galaId, user_id: guest.id, status: 2 })
    .execute();
  return guest;
}

async function sends(
  locale: 'fr' | 'en',
  texts: {
    console: string;
    lots: string;
    title: string;
    field: string;
    words: string;
    from: string;
    send: string;
    confirm: string;
    sent: RegExp;
  },
) {
  const guest = await galaGuest(locale);
  // The guest has the gala's lots open on their phone: the message shows there at once.
  const phone = await (await visitorContext(gala.browser, { token: guest.token }, PHONE)).newPage();
  await phone.goto(`${gala.origin}${texts.lots}`);
  await phone.locator('.lot-card').first().waitFor();
  const context = await visitorContext(gala.browser, { token: gala.managerToken }, PHONE);
  const page = await context.newPage();
  await page.goto(
    `${gala.origin}${texts.console}?organisation=${gala.organizationId}&encan=${gala.galaId}&section=announcements`,
  );
  await page.getByRole('heading', { name: texts.title }).waitFor();
  await page.getByLabel(texts.field).fill(texts.words);
  await expectAccessible(page, `messages to guests (${locale})`);
  await page.setViewportSize(DESKTOP);
  await screenshotBothWidths(page, `console-announcements-${locale}`);

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: texts.send }).click();
  await page.getByRole('button', { name: texts.confirm }).click();
  await page.locator('.announcements__item', { hasText: texts.words }).waitFor();
  await phone.getByText(`${texts.from}${texts.words}`).waitFor({ timeout: 15_000 });
  // It stays under the auction's banner for whoever missed the notice.
  await phone.locator('.organizer-message', { hasText: texts.words }).waitFor({ timeout: 15_000 });
  await expectAccessible(phone, `organisers' message on the lots (${locale})`);
  await screenshot(phone, `organizer-message-${locale}-390`);
  await phone.setViewportSize(DESKTOP);
  await screenshot(phone, `organizer-message-${locale}-1280`);
  await phone.context().close();

  const email = await gala.t.messaging.outbox.waitFor(guest.body.username, { template: 'auctionAnnouncementEmail' });
  expect(email.body).toContain(texts.words);
  // The list follows the messages until every one is sent.
  const item = page.locator('.announcements__item', { hasText: texts.words });
  await expect
    .poll(async () => (await item.locator('.announcements__delivery').textContent()) ?? '', { timeout: 20_000 })
    .toMatch(texts.sent);
  await page.setViewportSize(DESKTOP);
  await screenshotBothWidths(page, `console-announcements-sent-${locale}`);
  await context.close();
}

describe('messages to guests', () => {
  it('go out from the console in French', async () => {
    await sends('fr', {
      console: '/console',
      lots: '/encans/demo-gala/lots',
      from: 'Des organisateurs : ',
      title: 'Messages aux invités',
      field: 'Message en français',
      words: 'Les mises silencieuses ferment dans 10 minutes !',
      send: 'Envoyer…',
      confirm: 'Envoyer maintenant',
      sent: /^Courriel \(\d+ invités?\) : \d+ envoyés?Texto \(\d+ invités?\) : \d+ envoyés?$/,
    });
  }, 120_000);

  it('go out from the console in English', async () => {
    await sends('en', {
      console: '/en/console',
      lots: '/en/auctions/demo-gala/items',
      from: 'From the organizers: ',
      title: 'Messages to guests',
      field: 'Message in English',
      words: 'The live auction starts in the ballroom in 5 minutes.',
      send: 'Send…',
      confirm: 'Send now',
      sent: /^Email \(\d+ guests?\): \d+ sentText message \(\d+ guests?\): \d+ sent$/,
    });
  }, 120_000);
});
