import type { AnnouncementList } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import { demoToken } from '../../api/test/accounts/demoStaff.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, screenshotBothWidths, visitorContext } from './browserKit.ts';
import { withGalaConsole } from './servedApp.ts';

/**
 * Messages to an auction's guests (docs/console.md "Messages to guests"): the manager writes one,
 * chooses how, confirms, and a guest of the gala finds it in their mailbox in their language; the
 * console then shows it sent. Two set to go out in a few hours are listed with their time: one is
 * cancelled before then, the other changed, its first Save refused because another staff member
 * changed it meanwhile, then saved over their change. In French and in English.
 */
const gala = withGalaConsole();

/** A new guest of the gala, registered as a bidder in `language`. */
async function galaGuest(language: 'fr' | 'en', name: { firstName?: string; lastName?: string } = {}) {
  const guest = await registerConfirmed(gala.t, { language, ...name });
  await gala.t.database.db
    .insertInto('auction_bidders')
    .values({ auction_id: gala.galaId, user_id: guest.id, status: 2 })
    .execute();
  return guest;
}

/** The console's section of the gala on a phone, as its manager. */
async function openSection(texts: { console: string; title: string }, section = 'announcements') {
  const context = await visitorContext(gala.browser, { token: gala.managerToken }, PHONE);
  const page = await context.newPage();
  await page.goto(
    `${gala.origin}${texts.console}?organisation=${gala.organizationId}&encan=${gala.galaId}&section=${section}`,
  );
  await page.getByRole('heading', { name: texts.title }).waitFor();
  return { context, page };
}

/** A new guest of the gala, named in each language, and the console's Bidders section open on a phone. */
async function biddersWithGuest(
  locale: 'fr' | 'en',
  texts: { console: string; bidders: string },
  names: Record<'fr' | 'en', { firstName: string; lastName: string }>,
) {
  const name = names[locale];
  const guest = await galaGuest(locale, name);
  const section = await openSection({ console: texts.console, title: texts.bidders }, 'bidders');
  return { guest, name, fullName: `${name.firstName} ${name.lastName}`, ...section };
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
  const { context, page } = await openSection(texts);
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

async function schedules(
  locale: 'fr' | 'en',
  texts: {
    console: string;
    title: string;
    field: string;
    words: [string, string];
    later: string;
    time: string;
    schedule: string;
    confirmTitle: string;
    confirm: string;
    scheduled: string;
    goesOut: RegExp;
    listed: RegExp;
    cancel: string;
    cancelConfirm: string;
    cancelled: RegExp;
    change: string;
    changeTitle: string;
    changedWords: string;
    theirWords: string;
    conflict: string;
    keepMine: string;
    save: string;
    changedBy: RegExp;
    history: string;
    historyTitle: string;
  },
) {
  const { context, page } = await openSection(texts);
  // Two messages for this evening, three and four hours from now in the browser's zone: one is cancelled.
  for (const [index, words] of texts.words.entries()) {
    await page.getByLabel(texts.field).fill(words);
    await page.getByLabel(texts.later).check();
    const at = await page.evaluate((hours) => {
      const date = new Date(Date.now() + hours * 60 * 60 * 1000);
      date.setMinutes(30, 0, 0);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:30`;
    }, 3 + index);
    await page.getByLabel(texts.time).fill(at);
    if (index === 0) {
      await expectAccessible(page, `messages to guests, later (${locale})`);
      await page.setViewportSize(DESKTOP);
      await screenshotBothWidths(page, `console-announcements-later-${locale}`);
    }
    await page.getByRole('button', { name: texts.schedule }).click();
    const dialog = page.getByRole('dialog', { name: texts.confirmTitle });
    await expect.poll(async () => (await dialog.textContent()) ?? '').toMatch(texts.goesOut);
    await dialog.getByRole('button', { name: texts.confirm, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  // Both are listed under those going out later, with their time, not as sent.
  const later = page.locator('.announcements__item--scheduled');
  await page.getByRole('heading', { name: texts.scheduled }).waitFor();
  const first = later.filter({ hasText: texts.words[0] });
  await expect.poll(async () => (await first.textContent()) ?? '').toMatch(texts.listed);
  expect(await first.locator('.announcements__delivery').count()).toBe(0);

  await first.getByRole('button', { name: texts.cancel }).click();
  await page.getByRole('button', { name: texts.cancelConfirm }).click();
  const cancelled = page.locator('.announcements__item--cancelled', { hasText: texts.words[0] });
  await expect.poll(async () => (await cancelled.textContent()) ?? '', { timeout: 10_000 }).toMatch(texts.cancelled);
  // The other is still going out later (the other language's test left its own there too).
  expect(await later.filter({ hasText: texts.words[0] }).count()).toBe(0);
  expect(await later.filter({ hasText: texts.words[1] }).count()).toBe(1);

  // It is changed in place: the dialog is filled from it, and the list then shows the new words
  // and who changed them.
  await page.setViewportSize(DESKTOP);
  await later.filter({ hasText: texts.words[1] }).getByRole('button', { name: texts.change }).click();
  const changing = page.getByRole('dialog', { name: texts.changeTitle });
  expect(await changing.getByLabel(texts.field).inputValue()).toBe(texts.words[1]);
  await expectAccessible(page, `messages to guests, a change (${locale})`);
  await screenshotBothWidths(page, `console-announcements-change-${locale}`, false);
  // Its lower half: the time it goes out, and the way out beside Save.
  await changing.evaluate((dialog) => dialog.scrollTo(0, dialog.scrollHeight));
  await screenshot(page, `console-announcements-change-end-${locale}-390`, false);
  await changing.getByLabel(texts.field).fill(texts.changedWords);
  // Meanwhile another staff member changes its words and ways: the Save is refused, and the dialog
  // keeps what was typed beside their version, until the manager keeps their changes and saves again.
  await changeAsAnotherManager(locale, texts.words[1], texts.theirWords);
  await page.setViewportSize(DESKTOP);
  await changing.getByRole('button', { name: texts.save }).click();
  const conflict = changing.getByRole('region', { name: texts.conflict });
  await expect.poll(async () => (await conflict.textContent()) ?? '').toContain(texts.theirWords);
  expect(await changing.getByLabel(texts.field).inputValue()).toBe(texts.changedWords);
  await expectAccessible(page, `messages to guests, a change that met another (${locale})`);
  await screenshotBothWidths(page, `console-announcements-conflict-${locale}`, false);
  await conflict.getByRole('button', { name: texts.keepMine }).click();
  await changing.getByRole('button', { name: texts.save }).click();
  await changing.waitFor({ state: 'detached' });
  const changed = later.filter({ hasText: texts.changedWords });
  await expect.poll(async () => (await changed.textContent()) ?? '', { timeout: 10_000 }).toMatch(texts.changedBy);
  expect(await later.filter({ hasText: texts.words[1] }).count()).toBe(0);
  // Saved over the other change: the typed words, and the ways as the form had them.
  const saved = await gala.t.database.db
    .selectFrom('auction_announcements')
    .select(['message_fr', 'message_en', 'channels'])
    .where(locale === 'fr' ? 'message_fr' : 'message_en', '=', texts.changedWords)
    .executeTakeFirstOrThrow();
  expect(saved.channels).toEqual(['email', 'sms']);
  // Its history says who changed what: the words before and after, the other change first.
  await changed.getByRole('button', { name: texts.history }).click();
  const history = page.getByRole('dialog', { name: texts.historyTitle });
  await expect.poll(async () => (await history.locator('del').first().textContent()) ?? '').toBe(texts.words[1]);
  expect(await history.locator('ins').first().textContent()).toBe(texts.theirWords);
  expect(await history.locator('li').last().locator('ins').first().textContent()).toBe(texts.changedWords);
  await expectAccessible(page, `messages to guests, a change's history (${locale})`);
  await page.setViewportSize(DESKTOP);
  await screenshotBothWidths(page, `console-announcements-history-${locale}`, false);
  await page.keyboard.press('Escape');
  await history.waitFor({ state: 'detached' });
  await expectAccessible(page, `messages to guests, scheduled and cancelled (${locale})`);
  // The toasts ("scheduled", "cancelled") would cover the list in the screenshots.
  const toastClose = page.locator('.toast__close');
  while ((await toastClose.count()) > 0)
    await toastClose
      .first()
      .click({ timeout: 2000 })
      .catch(() => {});
  await page.setViewportSize(DESKTOP);
  await screenshotBothWidths(page, `console-announcements-scheduled-${locale}`);
  await context.close();
}

/**
 * The demo's administrator changes the gala's message set for later that says `words` (its words
 * in `locale`, and by email alone), through the API, as another staff member would from their own
 * console while the manager's change dialog is open.
 */
async function changeAsAnotherManager(locale: 'fr' | 'en', words: string, theirWords: string) {
  const headers = { authorization: `Bearer ${await demoToken(gala.t.app, 'admin')}` };
  const url = `/api/admin/auctions/${gala.galaId}/announcements`;
  const { announcements } = (await gala.t.app.inject({ url, headers })).json() as AnnouncementList;
  const theirs = announcements.find((each) => each.message[locale] === words && each.sentAt === null);
  if (!theirs?.sendAt) throw new Error(`no message set for later says "${words}"`);
  const answer = await gala.t.app.inject({
    method: 'PUT',
    url: `${url}/${theirs.id}`,
    headers,
    payload: {
      message: { ...theirs.message, [locale]: theirWords },
      channels: ['email'],
      sendAt: theirs.sendAt,
      revision: theirs.revision,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/**
 * A message to one guest from the bidders list: the guest's mailbox has it, and the messages to
 * guests list it under the guest's name. Then the form's choice tied to the auction's end, which
 * says when that is by the gala's end.
 */
async function writesToOneGuest(
  locale: 'fr' | 'en',
  texts: {
    console: string;
    bidders: string;
    title: string;
    message: string;
    dialog: string;
    field: string;
    words: string;
    send: string;
    listed: string;
    beforeEnd: string;
    beforeEndHint: RegExp;
    endOf: string;
    group: string;
    groupHint: RegExp;
    messageField: string;
    reminder: string;
    schedule: string;
    confirmSchedule: string;
    groupListed: RegExp;
  },
) {
  const { guest, fullName, context, page } = await biddersWithGuest(locale, texts, {
    fr: { firstName: 'Noémie', lastName: 'Ouellet' },
    en: { firstName: 'Sam', lastName: 'Carter' },
  });
  await page.getByRole('button', { name: `${texts.message}${fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: `${texts.dialog}${fullName}` });
  await dialog.getByLabel(texts.field).fill(texts.words);
  await expectAccessible(page, `a message to one guest (${locale})`);
  await screenshot(page, `console-guest-message-${locale}-390`);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `console-guest-message-${locale}-1280`);
  await dialog.getByRole('button', { name: texts.send, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  const email = await gala.t.messaging.outbox.waitFor(guest.body.username, { template: 'auctionAnnouncementEmail' });
  expect(email.body).toContain(texts.words);

  await page.goto(
    `${gala.origin}${texts.console}?organisation=${gala.organizationId}&encan=${gala.galaId}&section=announcements`,
  );
  await page.getByRole('heading', { name: texts.title }).waitFor();
  await page.locator('.announcements__item', { hasText: texts.words }).filter({ hasText: texts.listed }).waitFor();
  await page.getByLabel(texts.beforeEnd).check();
  await expect
    .poll(async () => (await page.locator('.announcements__time').textContent()) ?? '')
    .toMatch(texts.beforeEndHint);
  await expectAccessible(page, `a message tied to the auction's end (${locale})`);
  await screenshotBothWidths(page, `console-announcements-before-end-${locale}`);

  // Before a closing group's end instead: the gala's groups close one after the other.
  await page.setViewportSize(DESKTOP);
  await page.getByLabel(texts.endOf, { exact: true }).selectOption({ label: texts.group });
  await expect
    .poll(async () => (await page.locator('.announcements__time').textContent()) ?? '')
    .toMatch(texts.groupHint);
  await expectAccessible(page, `a message tied to a closing group's end (${locale})`);
  await screenshotBothWidths(page, `console-announcements-before-group-end-${locale}`);
  await page.getByLabel(texts.messageField).fill(texts.reminder);
  await page.getByRole('button', { name: texts.schedule }).click();
  await page.getByRole('dialog').getByRole('button', { name: texts.confirmSchedule, exact: true }).click();
  await expect
    .poll(async () => (await page.locator('.announcements__item', { hasText: texts.reminder }).textContent()) ?? '')
    .toMatch(texts.groupListed);
  await context.close();
}

/**
 * At the door, the manager welcoming guests writes to one from their card on the check-in view
 * ("your paddle is 42"): the guest finds it in their mailbox.
 */
async function writesFromTheDoor(
  locale: 'fr' | 'en',
  texts: {
    console: string;
    bidders: string;
    checkIn: string;
    search: string;
    message: string;
    words: string;
    later: string;
    sendLater: string;
    time: string;
    schedule: string;
  },
) {
  const { guest, name, fullName, context, page } = await biddersWithGuest(locale, texts, {
    fr: { firstName: 'Rosalie', lastName: 'Bergeron' },
    en: { firstName: 'Owen', lastName: 'Fraser' },
  });
  await page.getByRole('button', { name: texts.checkIn }).click();
  await page.getByLabel(texts.search).fill(name.lastName);
  await page.getByRole('button', { name: `${texts.message}${fullName}` }).waitFor();
  await expectAccessible(page, `the check-in desk with messages (${locale})`);
  await page.setViewportSize(DESKTOP);
  await screenshotBothWidths(page, `console-checkin-message-${locale}`);
  await page.getByRole('button', { name: `${texts.message}${fullName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(texts.words);
  await dialog.getByRole('button', { name: locale === 'fr' ? 'Envoyer' : 'Send', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  const email = await gala.t.messaging.outbox.waitFor(guest.body.username, { template: 'auctionAnnouncementEmail' });
  expect(email.body).toContain(texts.words);

  // Another for later: the dialog takes a time, and the message waits for it.
  await page.getByRole('button', { name: `${texts.message}${fullName}` }).click();
  await dialog.getByRole('textbox').fill(texts.later);
  await dialog.getByLabel(texts.sendLater).check();
  const at = new Date(Date.now() + 3 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await dialog
    .getByLabel(texts.time)
    .fill(
      `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`,
    );
  await expectAccessible(page, `a message to one guest for later (${locale})`);
  await page.setViewportSize(DESKTOP);
  await screenshotBothWidths(page, `console-guest-message-later-${locale}`);
  await dialog.getByRole('button', { name: texts.schedule, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = await gala.t.database.db
    .selectFrom('auction_announcements')
    .select(['send_at', 'queued_at', 'guest_id'])
    .where(locale === 'fr' ? 'message_fr' : 'message_en', '=', texts.later)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ guest_id: guest.id, queued_at: null });
  expect(row.send_at?.getTime()).toBe(Math.floor(at.getTime() / 60_000) * 60_000);
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
      sent: /^Courriel \(\d+ invités?\)\s: \d+ envoyés?Texto \(\d+ invités?\)\s: \d+ envoyés?$/,
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

  it('go to one guest from the bidders list, and may be tied to the auction’s or a closing group’s end, in French', async () => {
    await writesToOneGuest('fr', {
      console: '/console',
      bidders: 'Enchérisseurs',
      title: 'Messages aux invités',
      message: 'Écrire : ',
      dialog: 'Un message à ',
      field: 'Votre message',
      words: 'Les phares de votre voiture sont allumés.',
      send: 'Envoyer',
      listed: 'Noémie Ouellet',
      beforeEnd: 'Avant la fin de l’encan',
      beforeEndHint: /L’encan se termine le .+\s: il partira donc à \d{1,2} h \d{2}\s;/,
      endOf: 'Avant la fin de',
      group: 'Deuxième vague',
      groupHint: /«\sDeuxième vague\s» ferme le .+\s: il partira donc à \d{1,2} h \d{2}\s;/,
      messageField: 'Message en français',
      reminder: 'La deuxième vague ferme dans 10 minutes !',
      schedule: 'Programmer…',
      confirmSchedule: 'Programmer',
      groupListed: /10 minutes avant la fermeture de «\sDeuxième vague\s», le /,
    });
  }, 120_000);

  it('go to one guest from the bidders list, and may be tied to the auction’s or a closing group’s end, in English', async () => {
    await writesToOneGuest('en', {
      console: '/en/console',
      bidders: 'Bidders',
      title: 'Messages to guests',
      message: 'Message: ',
      dialog: 'A message to ',
      field: 'Your message',
      words: 'Your car lights are on.',
      send: 'Send',
      listed: 'Sam Carter',
      beforeEnd: 'Before the auction ends',
      beforeEndHint: /The auction ends on .+ at .+, so it goes out at \d{1,2}:\d{2}\s[ap]\.m\.;/,
      endOf: 'Before the end of',
      group: 'Second wave',
      groupHint: /“Second wave” closes on .+ at .+, so it goes out at \d{1,2}:\d{2}\s[ap]\.m\.;/,
      messageField: 'Message in English',
      reminder: 'The second wave closes in 10 minutes!',
      schedule: 'Schedule…',
      confirmSchedule: 'Schedule',
      groupListed: /10 minutes before “Second wave” closes, on /,
    });
  }, 120_000);

  it('go to one guest from their card at the door, in French and English', async () => {
    await writesFromTheDoor('fr', {
      console: '/console',
      bidders: 'Enchérisseurs',
      checkIn: 'Accueil à la porte',
      search: 'Trouver un invité',
      message: 'Écrire : ',
      words: 'Votre palette porte le numéro 42.',
      later: 'Votre table est prête à 20 h.',
      sendLater: 'Envoyer plus tard',
      time: 'Date et heure d’envoi',
      schedule: 'Programmer',
    });
    await writesFromTheDoor('en', {
      console: '/en/console',
      bidders: 'Bidders',
      checkIn: 'Check-in at the door',
      search: 'Find a guest',
      message: 'Message: ',
      words: 'Your paddle is number 42.',
      later: 'Your table is ready at 8.',
      sendLater: 'Send later',
      time: 'Date and time it goes out',
      schedule: 'Schedule',
    });
  }, 180_000);

  it('are set to go out later and cancelled before then, in French', async () => {
    await schedules('fr', {
      console: '/console',
      title: 'Messages aux invités',
      field: 'Message en français',
      words: ['L’encan à la criée commence dans la salle de bal.', 'Dernier appel pour l’encan silencieux.'],
      later: 'Envoyer plus tard',
      time: 'Date et heure d’envoi',
      schedule: 'Programmer…',
      confirmTitle: 'Programmer ce message ?',
      confirm: 'Programmer',
      scheduled: 'Programmés',
      goesOut: /Il partira le \S+ \d+ \S+ à \d{1,2} h 30 à tous les invités/,
      listed: /Part le \S+ \d+ \S+ à \d{1,2} h 30/,
      cancel: 'Annuler…',
      cancelConfirm: 'Annuler le message',
      cancelled: /^Annulé par .+ le \d{4}-\d{2}-\d{2} à \d{1,2} h \d{2}/,
      change: 'Modifier…',
      changeTitle: 'Modifier le message programmé',
      changedWords: 'Dernier appel : l’encan silencieux ferme dans une heure.',
      theirWords: 'Dernier appel : l’encan silencieux ferme bientôt.',
      conflict: 'Quelqu’un a modifié ce message entre-temps',
      keepMine: 'Garder mes modifications',
      save: 'Enregistrer la modification',
      changedBy: /modifié par .+ le \d{4}-\d{2}-\d{2} à \d{1,2} h \d{2}/,
      history: 'Historique…',
      historyTitle: 'Modifications de ce message',
    });
  }, 120_000);

  it('are set to go out later and cancelled before then, in English', async () => {
    await schedules('en', {
      console: '/en/console',
      title: 'Messages to guests',
      field: 'Message in English',
      words: ['The live auction starts in the ballroom.', 'Last call for the silent auction.'],
      later: 'Send later',
      time: 'Date and time it goes out',
      schedule: 'Schedule…',
      confirmTitle: 'Schedule this message?',
      confirm: 'Schedule',
      scheduled: 'Going out later',
      goesOut: /It will go out on \w+, \w+ \d+ at \d{1,2}:30\s[ap]\.m\. to all the guests/,
      listed: /Goes out on \w+, \w+ \d+ at \d{1,2}:30\s[ap]\.m\./,
      cancel: 'Cancel…',
      cancelConfirm: 'Cancel the message',
      cancelled: /^Cancelled by .+ on \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2}\s[ap]\.m\./,
      change: 'Change…',
      changeTitle: 'Change the message set for later',
      changedWords: 'Last call: the silent auction closes in an hour.',
      theirWords: 'Last call: the silent auction closes soon.',
      conflict: 'Someone changed this message meanwhile',
      keepMine: 'Keep my changes',
      save: 'Save the change',
      changedBy: /changed by .+ on \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2}\s[ap]\.m\./,
      history: 'History…',
      historyTitle: 'Changes to this message',
    });
  }, 120_000);
});
