import { randomUUID } from 'node:crypto';
import { accountLinks, hubEventsSince, publishHubEvent } from '@auction/platform';
import { ANNOUNCEMENT_ORPHAN_MS, sendDueAnnouncements } from '@auction/platform/announcements';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { otherOrganizationAuction } from '../../../../fixtures/otherOrganization.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'admin', 'manager', 'volunteer');

const url = (auctionId: number) => `/api/admin/auctions/${auctionId}/announcements`;
const guestUrl = (auctionId: number, userId: string) => `/api/admin/auctions/${auctionId}/bidders/${userId}/messages`;
const digits = (phone: string) => phone.replace(/\D/g, '');

/** An auction of the demo's organisation, with guests whose switches differ, each told apart by name. */
async function auctionWithGuests() {
  const gala = await test.database.db
    .selectFrom('auctions')
    .select('organization_id')
    .where('url_magic_link', '=', 'demo-gala')
    .executeTakeFirstOrThrow();
  const link = `annonces-${randomUUID().slice(0, 8)}`;
  const created = await callAs(test.app, staff.admin, 'POST', '/api/admin/auctions', {
    organizationId: gala.organization_id,
    urlMagicLink: link,
    translations: { fr: { titleShort: 'Gala des Neiges' }, en: { titleShort: 'Snow Gala' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const auctionId: number = created.json().id;
  const db = test.database.db;
  const guest = async (language: 'en' | 'fr', status = 2) => {
    const account = await registerConfirmed(test, { language });
    await db.insertInto('auction_bidders').values({ auction_id: auctionId, user_id: account.id, status }).execute();
    return account;
  };
  const french = await guest('fr');
  const english = await guest('en');
  const stopped = await guest('fr');
  const locked = await guest('en', 3);
  const emailOffHere = await guest('fr');
  const arrived = await guest('fr');
  await db.updateTable('users').set({ sms_general_notifications: false }).where('id', '=', english.id).execute();
  await db
    .insertInto('sms_opt_outs')
    .values({ phone_number: digits(stopped.body.cellphone) })
    .execute();
  await db.updateTable('users').set({ email_general_notifications: true }).where('id', '=', emailOffHere.id).execute();
  await db
    .insertInto('bidder_organization_notifications')
    .values({
      user_id: emailOffHere.id,
      organization_id: gala.organization_id,
      sms_notifications: true,
      email_notifications: false,
    })
    .execute();
  await db
    .updateTable('auction_bidders')
    .set({ arrived_at: new Date() })
    .where('auction_id', '=', auctionId)
    .where('user_id', '=', arrived.id)
    .execute();
  return { auctionId, link, guests: { french, english, stopped, locked, emailOffHere, arrived } };
}

/** The organisers' messages the auction's watchers were sent on the hub. */
const announcedOnHub = async (auctionId: number) =>
  ((await hubEventsSince(test.redis, auctionId, '0-0', test.prefix)) ?? []).filter(
    (event) => event.event === 'AuctionAnnouncement',
  );

const announcementsOf = (auctionId: number) =>
  test.database.db
    .selectFrom('auction_announcements')
    .selectAll()
    .where('auction_id', '=', auctionId)
    .orderBy('id')
    .execute();

/** The announcement emails the outbox caught for an address. */
async function announcementEmailsTo(address: string) {
  const emails = await test.messaging.outbox.list(address);
  return emails.filter((email) => email.messageId?.startsWith('announcement:'));
}

async function delivered(auctionId: number, id: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const list = await callAs(test.app, staff.manager, 'GET', url(auctionId));
    const found = list.json().announcements.find((a: { id: number }) => a.id === id);
    const { email, sms, push } = found.delivery;
    if (email.pending + sms.pending + push.pending === 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the announcement was not delivered');
}

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const cancelUrl = (auctionId: number, id: number) => `${url(auctionId)}/${id}/cancel`;

/** What the workers' lifecycle job does at an auction's announcements' time (workers/test/announcements). */
const workersFor = (auctionId: number) => (at: number) =>
  sendDueAnnouncements(
    {
      db: test.database.db,
      messages: test.messaging.queue,
      links: accountLinks(test.app.settings.publicUrl),
      publish: (auctionId, announcement) =>
        publishHubEvent(test.redis, auctionId, 'AuctionAnnouncement', announcement, test.prefix).then(() => {}),
    },
    auctionId,
    at,
  );

describe("organisers' announcements to an auction's guests", () => {
  let auction: Awaited<ReturnType<typeof auctionWithGuests>>;
  beforeAll(async () => {
    auction = await auctionWithGuests();
  });

  it('shows the reach of each audience by channel, keeping switches, STOP and locks', async () => {
    const list = await callAs(test.app, staff.manager, 'GET', url(auction.auctionId));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      reach: {
        // The locked guest is not counted; STOP and the switches take a channel away.
        all: { guests: 5, email: 4, sms: 3, push: 0 },
        arrived: { guests: 1, email: 1, sms: 1, push: 0 },
        notArrived: { guests: 4, email: 3, sms: 2, push: 0 },
      },
      announcements: [],
    });
  });

  it('sends each guest the words in their language by the channels they allow, once', async () => {
    const commandId = randomUUID();
    const body = {
      message: { en: 'Bidding closes in 10 minutes!', fr: 'Les mises ferment dans 10 minutes !' },
      channels: ['email', 'sms'],
      commandId,
    };
    const sent = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body);
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = sent.json();
    expect(answer).toMatchObject({
      duplicate: false,
      announcement: {
        audience: 'all',
        channels: ['email', 'sms'],
        sentBy: 'Camille Roy',
        sendAt: null,
        cancelledAt: null,
      },
    });
    expect(answer.announcement.sentAt).toEqual(expect.any(String));
    expect(answer.announcement.delivery.email.recipients).toBe(4);
    expect(answer.announcement.delivery.sms.recipients).toBe(3);

    const { french, english, stopped, locked, emailOffHere } = auction.guests;
    const frenchEmail = await test.messaging.outbox.waitFor(french.body.username, {
      template: 'auctionAnnouncementEmail',
    });
    expect(frenchEmail.subject).toBe('Gala des Neiges\u00a0: un message des organisateurs');
    expect(frenchEmail.body).toContain('Les mises ferment dans 10 minutes !');
    expect(frenchEmail.body).toContain(`/encans/${auction.link}`);
    const englishEmail = await test.messaging.outbox.waitFor(english.body.username, {
      template: 'auctionAnnouncementEmail',
    });
    expect(englishEmail.body).toContain('Bidding closes in 10 minutes!');
    expect(englishEmail.body).toContain(`/en/auctions/${auction.link}`);
    const frenchSms = await test.messaging.outbox.waitFor(digits(french.body.cellphone), {
      template: 'auctionAnnouncementSms',
    });
    expect(frenchSms.body).toBe(
      `Gala des Neiges\u00a0: Les mises ferment dans 10 minutes ! ${frenchEmail.body.match(/https?:\/\/\S+\/encans\/\S+/)?.[0]} Répondez STOP pour ne plus recevoir de messages.`,
    );
    await test.messaging.outbox.waitFor(digits(emailOffHere.body.cellphone), { template: 'auctionAnnouncementSms' });

    // Everyone on the auction's pages reads it at once, in their page's language.
    expect((await announcedOnHub(auction.auctionId)).map((event) => event.data)).toEqual([
      { announcementId: answer.announcement.id, message: body.message },
    ]);

    const done = await delivered(auction.auctionId, answer.announcement.id);
    expect(done.delivery.email).toEqual({ recipients: 4, sent: 4, skipped: 0, failed: 0, pending: 0 });
    expect(done.delivery.sms).toEqual({ recipients: 3, sent: 3, skipped: 0, failed: 0, pending: 0 });
    // Nothing to the guest who said STOP, to the locked one, nor by email where the organisation's switch is off.
    expect(await test.messaging.outbox.list(digits(stopped.body.cellphone))).toEqual([]);
    expect(await announcementEmailsTo(locked.body.username)).toEqual([]);
    expect(await announcementEmailsTo(emailOffHere.body.username)).toEqual([]);

    // The same command again is the same announcement: answered as it was, nothing sent twice.
    const again = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, announcement: { id: answer.announcement.id } });
    await delivered(auction.auctionId, answer.announcement.id);
    expect(await announcementEmailsTo(french.body.username)).toHaveLength(1);
    expect(await announcementsOf(auction.auctionId)).toHaveLength(1);

    // The same key with other words is refused; the same words under a new key are a double send.
    const reused = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      ...body,
      message: { fr: 'Autre chose' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    const twice = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      ...body,
      commandId: randomUUID(),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      message: 'announcement_already_sent',
      announcementId: answer.announcement.id,
    });
    expect(await announcementsOf(auction.auctionId)).toHaveLength(1);
  });

  it('reaches only the guests who arrived when asked, in the one language written', async () => {
    const phone = digits(auction.guests.arrived.body.cellphone);
    const [earlier] = await test.messaging.outbox.list(phone);
    const sent = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      message: { en: 'The live auction starts in the ballroom.' },
      channels: ['sms'],
      audience: 'arrived',
      commandId: randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().announcement.delivery.sms.recipients).toBe(1);
    const text = await test.messaging.outbox.waitFor(phone, {
      template: 'auctionAnnouncementSms',
      afterId: earlier?.id ?? 0,
    });
    // A French guest gets the English words when no French ones were written, under the French frame.
    expect(text.body).toMatch(/^Gala des Neiges\u00a0: The live auction starts in the ballroom\. /);
    await delivered(auction.auctionId, sent.json().announcement.id);
    const list = await callAs(test.app, staff.manager, 'GET', url(auction.auctionId));
    expect(list.json().announcements.map((a: { audience: string }) => a.audience)).toEqual(['arrived', 'all']);
    // A part of the guests is not told on the hub, which cannot tell who is at the venue.
    expect(await announcedOnHub(auction.auctionId)).toHaveLength(1);
    // The auction's pages show the message to all the guests, to anyone who may see the auction.
    const shown = await test.app.inject({
      method: 'GET',
      url: `/api/auctions/announcements?urlMagicLink=${auction.link}`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual([
      {
        id: list.json().announcements[1].id,
        message: { en: 'Bidding closes in 10 minutes!', fr: 'Les mises ferment dans 10 minutes !' },
        sentAt: list.json().announcements[1].sentAt,
      },
    ]);
    const unknown = await test.app.inject({ method: 'GET', url: '/api/auctions/announcements?urlMagicLink=nowhere' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses what cannot be sent, and changes nothing', async () => {
    const before = (await announcementsOf(auction.auctionId)).length;
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ message: { en: '  ', fr: '' }, channels: ['email'] }, 400, 'announcement_message_required'],
      [{ message: {}, channels: ['email'] }, 400, 'announcement_message_required'],
      [{ message: { fr: 'x'.repeat(321) }, channels: ['email'] }, 400, 'announcement_message_too_long'],
      [{ message: { fr: 'Bonsoir' }, channels: [] }, 400, 'announcement_channel_required'],
      [{ message: { fr: 'Bonsoir' }, channels: ['email', 'email'] }, 400, 'announcement_channel_required'],
      [{ message: { fr: 'Bonsoir' }, channels: ['fax'] }, 400, 'validation_failed'],
      // Nobody has a browser subscribed to push: there is no one to tell.
      [{ message: { fr: 'Bonsoir' }, channels: ['push'] }, 422, 'announcement_no_recipients'],
    ];
    for (const [body, status, key] of refusals) {
      const refused = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
        ...body,
        commandId: randomUUID(),
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      const answer = refused.json();
      expect([answer.message, ...(answer.messages ?? [])], JSON.stringify(body)).toContain(key);
    }
    expect(await announcementsOf(auction.auctionId)).toHaveLength(before);
  });

  it('leaves nothing behind when the queue cannot take the messages, and sends on the next try', async () => {
    const before = (await announcementsOf(auction.auctionId)).length;
    const body = { message: { fr: 'Le tirage commence.' }, channels: ['email'], commandId: randomUUID() };
    // Redis refusing the batch, as when it is unreachable: the one failure injected here.
    const refusal = vi.spyOn(test.messaging.queue, 'addBulk').mockRejectedValueOnce(new Error('Connection is closed.'));
    const failed = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body);
    refusal.mockRestore();
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe('announcement_not_queued');
    expect(await announcementsOf(auction.auctionId)).toHaveLength(before);

    const retried = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ duplicate: false, announcement: { sentAt: expect.any(String) } });
    await delivered(auction.auctionId, retried.json().announcement.id);
  });

  it('sends once when the same send arrives twice at once (a retry racing the first)', async () => {
    const before = (await announcementsOf(auction.auctionId)).length;
    const body = { message: { fr: 'Le vestiaire ferme à minuit.' }, channels: ['email'], commandId: randomUUID() };
    const answers = await Promise.all([
      callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body),
      callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().duplicate).sort()).toEqual([false, true]);
    const [first, second] = answers.map((answer) => answer.json().announcement.id);
    expect(second).toBe(first);
    expect(await announcementsOf(auction.auctionId)).toHaveLength(before + 1);
    await delivered(auction.auctionId, first);
    const cloakroom = async (address: string) =>
      (await announcementEmailsTo(address)).filter((each) => each.body.includes('vestiaire ferme'));
    expect(await cloakroom(auction.guests.french.body.username)).toHaveLength(1);
  });

  it("is for the auction's managers only", async () => {
    const body = { message: { fr: 'Bonsoir' }, channels: ['email'], commandId: randomUUID() };
    expect((await callAs(test.app, staff.volunteer, 'POST', url(auction.auctionId), body)).statusCode).toBe(403);
    expect((await callAs(test.app, staff.volunteer, 'GET', url(auction.auctionId))).statusCode).toBe(403);
    const bidder = auction.guests.french;
    expect((await callAs(test.app, bidder.token, 'POST', url(auction.auctionId), body)).statusCode).toBe(403);
    const elsewhere = await otherOrganizationAuction(test.app, staff.admin);
    expect((await callAs(test.app, staff.manager, 'POST', url(elsewhere), body)).statusCode).toBe(404);
    expect((await callAs(test.app, staff.manager, 'GET', url(elsewhere))).statusCode).toBe(404);
    expect(await announcementsOf(elsewhere)).toHaveLength(0);
  });
});

describe('announcements set to go out later', () => {
  let auction: Awaited<ReturnType<typeof auctionWithGuests>>;
  beforeAll(async () => {
    auction = await auctionWithGuests();
  });

  const workersAt = (at: number) => workersFor(auction.auctionId)(at);

  it('records one for later, sends nothing before its time and all of it at its time, once', async () => {
    const sendAt = later(120);
    const body = {
      message: { fr: 'Le dessert est servi.', en: 'Dessert is served.' },
      channels: ['email'],
      sendAt,
      commandId: randomUUID(),
    };
    const scheduled = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const { announcement } = scheduled.json();
    expect(scheduled.json()).toMatchObject({
      duplicate: false,
      announcement: { sendAt, sentAt: null, cancelledAt: null, cancelledBy: null, sentBy: 'Camille Roy' },
    });
    expect(announcement.delivery.email.recipients).toBe(0);
    expect(await announcedOnHub(auction.auctionId)).toEqual([]);

    // A retry is the same; the same words for the same time under another key are a double send;
    // for another time they are another reminder.
    const again = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body);
    expect(again.json()).toMatchObject({ duplicate: true, announcement: { id: announcement.id, sentAt: null } });
    const twice = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      ...body,
      commandId: randomUUID(),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'announcement_already_sent', announcementId: announcement.id });
    const otherTime = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      ...body,
      sendAt: later(180),
      commandId: randomUUID(),
    });
    expect(otherTime.statusCode, otherTime.body).toBe(200);

    // Its time comes: the workers queue it; the one set later still waits.
    expect(await workersAt(Date.parse(sendAt) - 1)).toBe(Date.parse(sendAt));
    expect(await workersAt(Date.parse(sendAt))).toBe(Date.parse(otherTime.json().announcement.sendAt));
    const email = await test.messaging.outbox.waitFor(auction.guests.french.body.username, {
      template: 'auctionAnnouncementEmail',
    });
    expect(email.body).toContain('Le dessert est servi.');
    const done = await delivered(auction.auctionId, announcement.id);
    expect(done).toMatchObject({ sendAt, sentAt: sendAt });
    expect(done.delivery.email).toEqual({ recipients: 4, sent: 4, skipped: 0, failed: 0, pending: 0 });
    expect((await announcedOnHub(auction.auctionId)).map((event) => event.data)).toEqual([
      { announcementId: announcement.id, message: body.message },
    ]);

    // Gone out: it can no longer be cancelled, and its time passing again sends nothing twice.
    const late = await callAs(test.app, staff.manager, 'POST', cancelUrl(auction.auctionId, announcement.id));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('announcement_not_cancellable');
    await workersAt(Date.parse(sendAt) + 1);
    await delivered(auction.auctionId, announcement.id);
    expect(await announcementEmailsTo(auction.guests.french.body.username)).toHaveLength(1);
    expect(await announcedOnHub(auction.auctionId)).toHaveLength(1);
  });

  it('cancels one before it goes out, saying who, and it never goes', async () => {
    const sendAt = later(30);
    const body = { message: { fr: 'Navette à 23 h.' }, channels: ['email', 'sms'], sendAt, commandId: randomUUID() };
    const scheduled = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body);
    const { id } = scheduled.json().announcement;

    expect((await callAs(test.app, staff.volunteer, 'POST', cancelUrl(auction.auctionId, id))).statusCode).toBe(403);
    const elsewhere = await otherOrganizationAuction(test.app, staff.admin);
    expect((await callAs(test.app, staff.manager, 'POST', cancelUrl(elsewhere, id))).statusCode).toBe(404);
    const unknown = await callAs(test.app, staff.manager, 'POST', cancelUrl(auction.auctionId, 2_000_000_000));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('announcement_not_found');
    expect((await announcementsOf(auction.auctionId)).find((row) => row.id === id)?.cancelled_at).toBeNull();

    const cancelled = await callAs(test.app, staff.manager, 'POST', cancelUrl(auction.auctionId, id));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id, sendAt, sentAt: null, cancelledBy: 'Camille Roy' });
    expect(cancelled.json().cancelledAt).toEqual(expect.any(String));
    // Cancelling it again answers the same.
    const again = await callAs(test.app, staff.manager, 'POST', cancelUrl(auction.auctionId, id));
    expect(again.statusCode).toBe(200);
    expect(again.json().cancelledAt).toBe(cancelled.json().cancelledAt);

    await workersAt(Date.parse(sendAt) + 1);
    const row = (await announcementsOf(auction.auctionId)).find((each) => each.id === id);
    expect(row?.queued_at).toBeNull();
    // A cancelled one does not stand in the way of the same words for the same time.
    const anew = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      ...body,
      commandId: randomUUID(),
    });
    expect(anew.statusCode, anew.body).toBe(200);
  });

  it('refuses a time past, too far ahead or not a date, and changes nothing', async () => {
    const before = (await announcementsOf(auction.auctionId)).length;
    const refusals: Array<[string, string]> = [
      [new Date(Date.now() - 60_000).toISOString(), 'announcement_send_at_past'],
      [later(61 * 24 * 60), 'announcement_send_at_too_far'],
      ['tomorrow at eight', 'announcement_send_at_invalid'],
    ];
    for (const [sendAt, key] of refusals) {
      const refused = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
        message: { fr: 'Bonsoir' },
        channels: ['email'],
        sendAt,
        commandId: randomUUID(),
      });
      expect(refused.statusCode, sendAt).toBe(400);
      const answer = refused.json();
      expect([answer.message, ...(answer.messages ?? [])], sendAt).toContain(key);
    }
    expect(await announcementsOf(auction.auctionId)).toHaveLength(before);
    // Nobody takes push now, but guests may by then: one for later is not refused for it.
    const pushLater = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      message: { fr: 'Bonsoir' },
      channels: ['push'],
      sendAt: later(60),
      commandId: randomUUID(),
    });
    expect(pushLater.statusCode, pushLater.body).toBe(200);
  });

  it("ties one to the auction's end, following the end when it moves, only while bidding is open", async () => {
    const db = test.database.db;
    const setAuction = (status: number, dateCompleted: number | null) =>
      db
        .updateTable('auctions')
        .set({ status, date_completed: dateCompleted === null ? null : new Date(dateCompleted) })
        .where('id', '=', auction.auctionId)
        .execute();
    const end = Date.now() + 2 * 3600_000;
    await setAuction(3, end);
    const body = {
      message: { fr: 'Les mises ferment dans 10 minutes !' },
      channels: ['email'],
      minutesBeforeEnd: 10,
      commandId: randomUUID(),
    };
    const tied = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), body);
    expect(tied.statusCode, tied.body).toBe(200);
    const { id } = tied.json().announcement;
    expect(tied.json().announcement).toMatchObject({
      minutesBeforeEnd: 10,
      sendAt: new Date(end - 10 * 60_000).toISOString(),
      sentAt: null,
    });

    // The end is moved a quarter of an hour later: the message follows it.
    const movedEnd = end + 15 * 60_000;
    await setAuction(3, movedEnd);
    const dueAt = movedEnd - 10 * 60_000;
    const listed = await callAs(test.app, staff.manager, 'GET', url(auction.auctionId));
    expect(listed.json().announcements.find((each: { id: number }) => each.id === id).sendAt).toBe(
      new Date(dueAt).toISOString(),
    );
    expect(await workersAt(end - 10 * 60_000)).toBe(dueAt);
    expect((await announcementsOf(auction.auctionId)).find((row) => row.id === id)?.queued_at).toBeNull();
    await workersAt(dueAt);
    const done = await delivered(auction.auctionId, id);
    expect(done).toMatchObject({ sentAt: new Date(dueAt).toISOString(), sendAt: new Date(dueAt).toISOString() });

    // Bidding ended before its time (completed by hand): "closes in ten minutes" is not sent.
    const second = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      ...body,
      minutesBeforeEnd: 5,
      commandId: randomUUID(),
    });
    expect(second.statusCode, second.body).toBe(200);
    await setAuction(4, movedEnd);
    await workersAt(Date.now());
    const cancelled = (await announcementsOf(auction.auctionId)).find(
      (row) => row.id === second.json().announcement.id,
    );
    expect(cancelled).toMatchObject({ queued_at: null, cancelled_by: null });
    expect(cancelled?.cancelled_at).not.toBeNull();
    const ended = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      ...body,
      commandId: randomUUID(),
    });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('announcement_auction_ended');

    // An auction without an end date: it waits for one.
    await setAuction(3, null);
    const waiting = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      ...body,
      minutesBeforeEnd: 20,
      commandId: randomUUID(),
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().announcement).toMatchObject({ minutesBeforeEnd: 20, sendAt: null });
    await workersAt(Date.now());
    const unsent = (await announcementsOf(auction.auctionId)).find((row) => row.id === waiting.json().announcement.id);
    expect(unsent).toMatchObject({ queued_at: null, cancelled_at: null });

    // Refusals change nothing.
    await setAuction(3, Date.now() + 5 * 60_000);
    const before = (await announcementsOf(auction.auctionId)).length;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ minutesBeforeEnd: 10 }, 'announcement_send_at_past'],
      [{ minutesBeforeEnd: 0 }, 'announcement_minutes_before_end_invalid'],
      [{ minutesBeforeEnd: 1441 }, 'announcement_minutes_before_end_invalid'],
      [{ minutesBeforeEnd: 2.5 }, 'announcement_minutes_before_end_invalid'],
      [{ minutesBeforeEnd: 2, sendAt: later(60) }, 'announcement_send_time_conflict'],
    ];
    for (const [timing, key] of refusals) {
      const refused = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
        message: { fr: 'Dernier appel' },
        channels: ['email'],
        ...timing,
        commandId: randomUUID(),
      });
      expect(refused.statusCode, JSON.stringify(timing)).toBe(400);
      const answer = refused.json();
      expect([answer.message, ...(answer.messages ?? [])], JSON.stringify(timing)).toContain(key);
    }
    expect(await announcementsOf(auction.auctionId)).toHaveLength(before);
  });

  it("ties one to a closing group's end instead, following the group, never after it closed", async () => {
    const db = test.database.db;
    const { auctionId } = auction;
    const workers = workersAt;
    await db
      .updateTable('auctions')
      .set({ status: 3, date_completed: new Date(Date.now() + 4 * 3600_000) })
      .where('id', '=', auctionId)
      .execute();
    const addGroup = async (endsAt: number) => {
      const added = await callAs(test.app, staff.admin, 'POST', `/api/admin/auctions/${auctionId}/closing-groups`, {
        translations: { fr: 'Tables du salon', en: 'Lounge tables' },
        dateCompleted: new Date(endsAt).toISOString(),
        commandId: randomUUID(),
      });
      expect(added.statusCode, added.body).toBe(201);
      return added.json().id as number;
    };
    const groupEnd = Date.now() + 2 * 3600_000;
    const groupId = await addGroup(groupEnd);
    const body = {
      message: { fr: 'Les tables du salon ferment dans 10 minutes !' },
      channels: ['email'],
      minutesBeforeEnd: 10,
      closingGroupId: groupId,
      commandId: randomUUID(),
    };
    const tied = await callAs(test.app, staff.manager, 'POST', url(auctionId), body);
    expect(tied.statusCode, tied.body).toBe(200);
    const { id } = tied.json().announcement;
    expect(tied.json().announcement).toMatchObject({
      minutesBeforeEnd: 10,
      closingGroup: { id: groupId, name: { fr: 'Tables du salon', en: 'Lounge tables' } },
      sendAt: new Date(groupEnd - 10 * 60_000).toISOString(),
    });
    // The same command again answers the same; the same words tied to the auction's end are another request.
    const again = await callAs(test.app, staff.manager, 'POST', url(auctionId), body);
    expect(again.json()).toMatchObject({ duplicate: true, announcement: { id } });
    const reused = await callAs(test.app, staff.manager, 'POST', url(auctionId), {
      ...body,
      closingGroupId: undefined,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');

    // The group's end is moved half an hour earlier through its route: the message follows it.
    const movedEnd = groupEnd - 30 * 60_000;
    const moved = await callAs(test.app, staff.admin, 'PATCH', `/api/admin/closing-groups/${groupId}`, {
      dateCompleted: new Date(movedEnd).toISOString(),
      commandId: randomUUID(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const dueAt = movedEnd - 10 * 60_000;
    const listed = await callAs(test.app, staff.manager, 'GET', url(auctionId));
    expect(listed.json().announcements.find((each: { id: number }) => each.id === id).sendAt).toBe(
      new Date(dueAt).toISOString(),
    );
    expect(await workers(dueAt - 1)).toBe(dueAt);
    await workers(dueAt);
    expect((await announcementsOf(auctionId)).find((row) => row.id === id)?.queued_at).toEqual(new Date(dueAt));

    // The workers reach another only after the group's end (a queue down meanwhile): cancelled, not sent late.
    const late = await callAs(test.app, staff.manager, 'POST', url(auctionId), {
      ...body,
      minutesBeforeEnd: 5,
      commandId: randomUUID(),
    });
    expect(late.statusCode, late.body).toBe(200);
    await workers(movedEnd);
    const missed = (await announcementsOf(auctionId)).find((row) => row.id === late.json().announcement.id);
    expect(missed).toMatchObject({ queued_at: null, cancelled_by: null });
    expect(missed?.cancelled_at).not.toBeNull();

    // Refusals change nothing: no minutes, another organisation's group, a group already closed.
    const otherGroup = await callAs(
      test.app,
      staff.admin,
      'POST',
      `/api/admin/auctions/${await otherOrganizationAuction(test.app, staff.admin)}/closing-groups`,
      { translations: { fr: 'Ailleurs' }, dateCompleted: new Date(groupEnd).toISOString(), commandId: randomUUID() },
    );
    const closedGroup = await addGroup(Date.now() - 60_000);
    const before = (await announcementsOf(auctionId)).length;
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ minutesBeforeEnd: undefined }, 400, 'announcement_closing_group_without_minutes'],
      [
        { minutesBeforeEnd: undefined, sendAt: new Date(Date.now() + 3600_000).toISOString() },
        400,
        'announcement_closing_group_without_minutes',
      ],
      [{ closingGroupId: otherGroup.json().id }, 404, 'closing_group_not_found'],
      [{ closingGroupId: 2_000_000_000 }, 404, 'closing_group_not_found'],
      [{ closingGroupId: closedGroup }, 409, 'announcement_closing_group_closed'],
      [{ closingGroupId: 'lounge' }, 400, 'validation_failed'],
    ];
    for (const [change, status, key] of refusals) {
      const refused = await callAs(test.app, staff.manager, 'POST', url(auctionId), {
        ...body,
        ...change,
        commandId: randomUUID(),
      });
      expect(refused.statusCode, JSON.stringify(change)).toBe(status);
      const answer = refused.json();
      expect([answer.message, ...(answer.messages ?? [])], JSON.stringify(change)).toContain(key);
    }
    expect(await announcementsOf(auctionId)).toHaveLength(before);

    // The group is removed: what waited for it is cancelled by that staff member; what went out
    // still says it was tied to a group, one no longer there.
    const waiting = await callAs(test.app, staff.manager, 'POST', url(auctionId), {
      ...body,
      minutesBeforeEnd: 3,
      commandId: randomUUID(),
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const removed = await callAs(test.app, staff.admin, 'DELETE', `/api/admin/closing-groups/${groupId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = (await callAs(test.app, staff.manager, 'GET', url(auctionId))).json().announcements;
    const byId = (wanted: number) => after.find((each: { id: number }) => each.id === wanted);
    expect(byId(waiting.json().announcement.id)).toMatchObject({
      closingGroup: { id: groupId, name: null },
      sentAt: null,
      cancelledBy: expect.stringMatching(/\S/),
    });
    expect(byId(id)).toMatchObject({
      closingGroup: { id: groupId, name: null },
      sentAt: new Date(dueAt).toISOString(),
    });

    // One recorded while its group was being removed is cancelled by the workers, not left waiting.
    const orphan = await db
      .insertInto('auction_announcements')
      .values({
        auction_id: auctionId,
        command_id: randomUUID(),
        message_fr: 'Le salon ferme bientôt.',
        audience: 'all',
        channels: ['email'],
        minutes_before_end: 10,
        closing_group_id: groupId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await workers(Date.now());
    const cancelledOrphan = (await announcementsOf(auctionId)).find((row) => row.id === orphan.id);
    expect(cancelledOrphan).toMatchObject({ queued_at: null, cancelled_by: null });
    expect(cancelledOrphan?.cancelled_at).not.toBeNull();
  });

  it('keeps at most 20 waiting for their time on an auction', async () => {
    const { auctionId } = await auctionWithGuests();
    const schedule = (minutes: number) =>
      callAs(test.app, staff.manager, 'POST', url(auctionId), {
        message: { fr: `Rappel ${minutes}` },
        channels: ['email'],
        sendAt: later(minutes),
        commandId: randomUUID(),
      });
    const ids: number[] = [];
    for (let minutes = 1; minutes <= 20; minutes += 1) {
      const scheduled = await schedule(60 + minutes);
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      ids.push(scheduled.json().announcement.id);
    }
    const refused = await schedule(90);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'announcement_too_many_waiting', limit: 20 });
    expect(await announcementsOf(auctionId)).toHaveLength(20);
    // A cancelled one makes room; a send at once is not counted.
    await callAs(test.app, staff.manager, 'POST', cancelUrl(auctionId, ids[0] as number));
    expect((await schedule(90)).statusCode).toBe(200);
  });

  it('sends at once, and once, the same words whose earlier send died on the way', async () => {
    const { id } = await test.database.db
      .insertInto('auction_announcements')
      .values({
        auction_id: auction.auctionId,
        command_id: randomUUID(),
        message_fr: 'Le vestiaire ferme à minuit.',
        audience: 'all',
        channels: ['email'],
        created_at: new Date(Date.now() - ANNOUNCEMENT_ORPHAN_MS - 5_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = { message: { fr: 'Le vestiaire ferme à minuit.' }, channels: ['email'] };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
        ...body,
        commandId: randomUUID(),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: 'announcement_already_sent', announcementId: id });
    }
    const done = await delivered(auction.auctionId, id);
    expect(done.delivery.email).toMatchObject({ recipients: 4, sent: 4 });
    const emails = await announcementEmailsTo(auction.guests.french.body.username);
    expect(emails.filter((email) => email.body.includes('Le vestiaire ferme à minuit.'))).toHaveLength(1);
  });
});

describe('changing a message set for later', () => {
  let auction: Awaited<ReturnType<typeof auctionWithGuests>>;
  beforeAll(async () => {
    auction = await auctionWithGuests();
  });
  const workersAt = (at: number) => workersFor(auction.auctionId)(at);
  const changeUrl = (auctionId: number, id: number) => `${url(auctionId)}/${id}`;
  const changesOf = (id: number) =>
    test.database.db
      .selectFrom('announcement_changes')
      .selectAll()
      .where('announcement_id', '=', id)
      .orderBy('id')
      .execute();

  it('changes one waiting: its words, ways, audience and time, saying who, and it goes out as changed, once', async () => {
    const first = later(120);
    const scheduled = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      message: { fr: 'Le tirage a lieu à 22 h.' },
      channels: ['email'],
      sendAt: first,
      commandId: randomUUID(),
    });
    const { id } = scheduled.json().announcement;
    expect(scheduled.json().announcement).toMatchObject({ revision: 0, changedAt: null, changedBy: null });

    const sooner = Date.parse(later(45));
    const change = {
      message: { fr: 'Le tirage est avancé à 21 h 30.', en: 'The draw moves up to 9:30 pm.' },
      channels: ['email', 'sms'],
      audience: 'arrived',
      sendAt: new Date(sooner).toISOString(),
      revision: 0,
      commandId: randomUUID(),
    };
    const changed = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), change);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      duplicate: false,
      announcement: {
        id,
        message: change.message,
        channels: ['email', 'sms'],
        audience: 'arrived',
        sendAt: change.sendAt,
        sentAt: null,
        sentBy: 'Camille Roy',
        revision: 1,
        changedBy: 'Camille Roy',
      },
    });
    expect(changed.json().announcement.changedAt).toEqual(expect.any(String));
    // What it said before is kept with the change.
    expect((await changesOf(id)).map((each) => [each.previous, each.applied.message_fr])).toEqual([
      [
        {
          message_en: null,
          message_fr: 'Le tirage a lieu à 22 h.',
          audience: 'all',
          channels: ['email'],
          send_at: first,
          minutes_before_end: null,
          closing_group_id: null,
        },
        'Le tirage est avancé à 21 h 30.',
      ],
    ]);

    // A retry is the same change; the same command for other terms, or a change from the revision
    // before it (someone else's form, filled earlier), is refused and changes nothing.
    const again = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), change);
    expect(again.json()).toMatchObject({ duplicate: true, announcement: { id, revision: 1 } });
    const reused = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), {
      ...change,
      channels: ['email'],
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');
    const stale = await callAs(test.app, staff.admin, 'PUT', changeUrl(auction.auctionId, id), {
      ...change,
      message: { fr: 'Le tirage est annulé.' },
      commandId: randomUUID(),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'announcement_changed', revision: 1 });
    expect(await changesOf(id)).toHaveLength(1);

    // The same change sent twice at once (a retry racing the first): one change, both answered it.
    const twice = {
      ...change,
      message: { fr: 'Le tirage est avancé à 21 h 30, au bar.' },
      revision: 1,
      commandId: randomUUID(),
    };
    const answers = await Promise.all([
      callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), twice),
      callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), twice),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().duplicate).sort()).toEqual([false, true]);
    expect(answers.map((answer) => answer.json().announcement.revision)).toEqual([2, 2]);
    expect(await changesOf(id)).toHaveLength(2);
    const back = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), {
      ...change,
      revision: 2,
      commandId: randomUUID(),
    });
    expect(back.statusCode, back.body).toBe(200);

    // The history: every change, oldest first, with what it replaced.
    const history = await callAs(test.app, staff.manager, 'GET', `${changeUrl(auction.auctionId, id)}/changes`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toHaveLength(3);
    expect(history.json()[0]).toEqual({
      changedAt: expect.any(String),
      changedBy: 'Camille Roy',
      before: {
        message: { fr: 'Le tirage a lieu à 22 h.' },
        audience: 'all',
        channels: ['email'],
        sendAt: first,
        minutesBeforeEnd: null,
        closingGroupId: null,
      },
      after: {
        message: change.message,
        audience: 'arrived',
        channels: ['email', 'sms'],
        sendAt: change.sendAt,
        minutesBeforeEnd: null,
        closingGroupId: null,
      },
    });
    expect(history.json()[2].before.message.fr).toBe('Le tirage est avancé à 21 h 30, au bar.');
    const elsewhere = await otherOrganizationAuction(test.app, staff.admin);
    expect((await callAs(test.app, staff.manager, 'GET', `${changeUrl(elsewhere, id)}/changes`)).statusCode).toBe(404);
    expect(
      (await callAs(test.app, staff.volunteer, 'GET', `${changeUrl(auction.auctionId, id)}/changes`)).statusCode,
    ).toBe(403);
    const none = await callAs(test.app, staff.manager, 'GET', `${changeUrl(auction.auctionId, 2_000_000_000)}/changes`);
    expect(none.json().message).toBe('announcement_not_found');

    // Its new time comes (the old one has not): it goes to the guests who arrived, in the new words.
    expect(await workersAt(sooner - 1)).toBe(sooner);
    await workersAt(sooner);
    const done = await delivered(auction.auctionId, id);
    expect(done.delivery.email.recipients).toBe(1);
    const words = async (address: string) =>
      (await announcementEmailsTo(address)).filter((each) => each.body.includes('tirage'));
    expect((await words(auction.guests.arrived.body.username)).map((each) => each.body)).toEqual([
      expect.stringContaining('Le tirage est avancé à 21 h 30.'),
    ]);
    expect(await words(auction.guests.french.body.username)).toEqual([]);
    await workersAt(Date.parse(first));
    expect(await words(auction.guests.arrived.body.username)).toHaveLength(1);

    // Gone out: it can no longer be changed.
    const gone = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), {
      ...change,
      revision: 3,
      commandId: randomUUID(),
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('announcement_not_changeable');
  });

  it('moves one to a time before the end, and a message to one guest stays theirs and at a time', async () => {
    const db = test.database.db;
    const end = Date.now() + 3 * 3600_000;
    await db
      .updateTable('auctions')
      .set({ status: 3, date_completed: new Date(end) })
      .where('id', '=', auction.auctionId)
      .execute();
    const scheduled = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      message: { fr: 'Dernier appel.' },
      channels: ['email'],
      sendAt: later(30),
      commandId: randomUUID(),
    });
    const { id } = scheduled.json().announcement;
    const tied = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), {
      message: { fr: 'Dernier appel : les mises ferment dans 15 minutes.' },
      channels: ['email'],
      minutesBeforeEnd: 15,
      revision: 0,
      commandId: randomUUID(),
    });
    expect(tied.statusCode, tied.body).toBe(200);
    expect(tied.json().announcement).toMatchObject({
      audience: 'all',
      minutesBeforeEnd: 15,
      sendAt: new Date(end - 15 * 60_000).toISOString(),
    });

    const guest = auction.guests.english.id;
    const toGuest = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, guest), {
      message: { en: 'Your table is ready at 8.' },
      channels: ['email'],
      sendAt: later(60),
      commandId: randomUUID(),
    });
    const guestMessage = toGuest.json().announcement;
    const moved = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, guestMessage.id), {
      message: { en: 'Your table is ready at 8:30.' },
      channels: ['email'],
      sendAt: later(90),
      revision: 0,
      commandId: randomUUID(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().announcement).toMatchObject({ audience: 'guest', guest: { userId: guest }, revision: 1 });
  });

  it('refuses what cannot be changed, and changes nothing', async () => {
    const scheduled = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      message: { fr: 'Vestiaire ouvert.' },
      channels: ['email'],
      sendAt: later(40),
      commandId: randomUUID(),
    });
    const { id } = scheduled.json().announcement;
    const toGuest = await callAs(
      test.app,
      staff.manager,
      'POST',
      guestUrl(auction.auctionId, auction.guests.french.id),
      {
        message: { fr: 'Votre manteau vous attend.' },
        channels: ['email'],
        sendAt: later(40),
        commandId: randomUUID(),
      },
    );
    const guestId = toGuest.json().announcement.id;
    const cancelled = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      message: { fr: 'Navette annulée.' },
      channels: ['email'],
      sendAt: later(40),
      commandId: randomUUID(),
    });
    await callAs(test.app, staff.manager, 'POST', cancelUrl(auction.auctionId, cancelled.json().announcement.id));
    const rowsBefore = await announcementsOf(auction.auctionId);

    const change = { message: { fr: 'Vestiaire fermé.' }, channels: ['email'], sendAt: later(50), revision: 0 };
    const elsewhere = await otherOrganizationAuction(test.app, staff.admin);
    const refusals: Array<[string, number, Record<string, unknown>, number, string]> = [
      [url(auction.auctionId), id, { ...change, sendAt: undefined }, 400, 'announcement_send_time_required'],
      [url(auction.auctionId), id, { ...change, minutesBeforeEnd: 10 }, 400, 'announcement_send_time_conflict'],
      [
        url(auction.auctionId),
        id,
        { ...change, sendAt: new Date(Date.now() - 60_000).toISOString() },
        400,
        'announcement_send_at_past',
      ],
      [url(auction.auctionId), id, { ...change, revision: -1 }, 400, 'announcement_revision_invalid'],
      [url(auction.auctionId), id, { ...change, message: {} }, 400, 'announcement_message_required'],
      [url(auction.auctionId), guestId, { ...change, audience: 'all' }, 400, 'announcement_guest_audience'],
      [
        url(auction.auctionId),
        guestId,
        { ...change, sendAt: undefined, minutesBeforeEnd: 10 },
        400,
        'announcement_guest_before_end',
      ],
      [url(auction.auctionId), cancelled.json().announcement.id, change, 409, 'announcement_not_changeable'],
      [url(auction.auctionId), 2_000_000_000, change, 404, 'announcement_not_found'],
      [url(elsewhere), id, change, 404, 'auction_not_found'],
    ];
    for (const [base, announcementId, body, status, key] of refusals) {
      const answer = await callAs(test.app, staff.manager, 'PUT', `${base}/${announcementId}`, {
        ...body,
        commandId: randomUUID(),
      });
      expect(answer.statusCode, `${announcementId} ${JSON.stringify(body)} ${answer.body}`).toBe(status);
      const json = answer.json();
      expect([json.message, ...(json.messages ?? [])]).toContain(key);
    }
    const volunteer = await callAs(test.app, staff.volunteer, 'PUT', changeUrl(auction.auctionId, id), {
      ...change,
      commandId: randomUUID(),
    });
    expect(volunteer.statusCode).toBe(403);
    expect(await announcementsOf(auction.auctionId)).toEqual(rowsBefore);
    expect(await changesOf(id)).toEqual([]);
    expect(await changesOf(guestId)).toEqual([]);
  });

  it('puts it back as it was when the workers cannot be told of its new time', async () => {
    const sendAt = later(70);
    const scheduled = await callAs(test.app, staff.manager, 'POST', url(auction.auctionId), {
      message: { fr: 'Le photographe est au bar.' },
      channels: ['email'],
      sendAt,
      commandId: randomUUID(),
    });
    const { id } = scheduled.json().announcement;
    const rowBefore = (await announcementsOf(auction.auctionId)).find((row) => row.id === id);
    const change = {
      message: { fr: 'Le photographe est sur la terrasse.' },
      channels: ['email'],
      sendAt: later(20),
      revision: 0,
      commandId: randomUUID(),
    };
    // The lifecycle queue refusing, as when Redis is unreachable: the one failure injected here.
    const refusal = vi
      .spyOn(test.app.auctionScheduler, 'auctionChanged')
      .mockRejectedValueOnce(new Error('Connection is closed.'));
    const failed = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), change);
    refusal.mockRestore();
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe('announcement_not_changed');
    expect((await announcementsOf(auction.auctionId)).find((row) => row.id === id)).toEqual(rowBefore);
    expect(await changesOf(id)).toEqual([]);

    const retried = await callAs(test.app, staff.manager, 'PUT', changeUrl(auction.auctionId, id), change);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ duplicate: false, announcement: { sendAt: change.sendAt, revision: 1 } });
  });
});

describe('a message to one guest from the bidders list', () => {
  let auction: Awaited<ReturnType<typeof auctionWithGuests>>;
  beforeAll(async () => {
    auction = await auctionWithGuests();
  });

  it('reaches that guest alone, by their switches, once, and is listed with the announcements', async () => {
    const { french, english } = auction.guests;
    const body = {
      message: { fr: 'Les phares de votre voiture sont allumés.', en: 'Your car lights are on.' },
      channels: ['email', 'sms'],
      commandId: randomUUID(),
    };
    const sent = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, french.id), body);
    expect(sent.statusCode, sent.body).toBe(200);
    const { announcement } = sent.json();
    expect(announcement).toMatchObject({ audience: 'guest', guest: { userId: french.id }, sentBy: 'Camille Roy' });
    expect(announcement.guest.name).not.toBe('');
    expect(announcement.delivery.email.recipients).toBe(1);
    expect(announcement.delivery.sms.recipients).toBe(1);
    const text = await test.messaging.outbox.waitFor(digits(french.body.cellphone), {
      template: 'auctionAnnouncementSms',
    });
    expect(text.body).toContain('Les phares de votre voiture sont allumés.');
    await delivered(auction.auctionId, announcement.id);
    expect(await announcementEmailsTo(english.body.username)).toEqual([]);
    // Not on the auction's pages: it was said to one guest.
    expect(await announcedOnHub(auction.auctionId)).toEqual([]);

    const again = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, french.id), body);
    expect(again.json()).toMatchObject({ duplicate: true, announcement: { id: announcement.id } });
    const twice = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, french.id), {
      ...body,
      commandId: randomUUID(),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('announcement_already_sent');
    // The same words to another guest are another message.
    const other = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, english.id), {
      ...body,
      channels: ['email'],
      commandId: randomUUID(),
    });
    expect(other.statusCode, other.body).toBe(200);
    // The same key for another guest is another command.
    const reused = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, english.id), body);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('idempotency_key_reused');

    const list = await callAs(test.app, staff.manager, 'GET', url(auction.auctionId));
    expect(
      list
        .json()
        .announcements.map((each: { audience: string; guest: { userId: string } | null }) => [
          each.audience,
          each.guest?.userId,
        ]),
    ).toEqual([
      ['guest', english.id],
      ['guest', french.id],
    ]);
  });

  it('may be set for later: to that guest alone at its time, and only to someone who is a guest now', async () => {
    const { french, english } = auction.guests;
    const sendAt = Date.now() + 30 * 60_000;
    const body = {
      message: { fr: 'Votre table est prête à 20 h.' },
      channels: ['email'],
      sendAt: new Date(sendAt).toISOString(),
      commandId: randomUUID(),
    };
    const set = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, english.id), body);
    expect(set.statusCode, set.body).toBe(200);
    const { announcement } = set.json();
    expect(announcement).toMatchObject({
      audience: 'guest',
      guest: { userId: english.id },
      sendAt: new Date(sendAt).toISOString(),
      sentAt: null,
    });
    const stranger = await registerConfirmed(test, { language: 'fr' });
    const refused = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, stranger.id), {
      ...body,
      commandId: randomUUID(),
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('guest_not_found');
    const past = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, english.id), {
      ...body,
      sendAt: new Date(Date.now() - 60_000).toISOString(),
      commandId: randomUUID(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('announcement_send_at_past');

    const workers = (at: number) =>
      sendDueAnnouncements(
        {
          db: test.database.db,
          messages: test.messaging.queue,
          links: accountLinks(test.app.settings.publicUrl),
          publish: async () => {},
        },
        auction.auctionId,
        at,
      );
    expect(await workers(sendAt - 1)).toBe(sendAt);
    const tableReady = async (address: string) =>
      (await announcementEmailsTo(address)).filter((each) => each.body.includes('20 h'));
    expect(await tableReady(english.body.username)).toEqual([]);
    await workers(sendAt);
    const row = (await announcementsOf(auction.auctionId)).find((each) => each.id === announcement.id);
    expect(row).toMatchObject({ queued_at: new Date(sendAt), email_recipients: 1 });
    await delivered(auction.auctionId, announcement.id);
    expect(await tableReady(english.body.username)).toHaveLength(1);
    expect(await tableReady(french.body.username)).toEqual([]);
  });

  it('refuses who is not a guest here or cannot be reached, and changes nothing', async () => {
    const before = (await announcementsOf(auction.auctionId)).length;
    const stranger = await registerConfirmed(test, { language: 'fr' });
    const body = { message: { fr: 'Bonsoir' }, channels: ['email'] };
    const refusals: Array<[string, Record<string, unknown>, number, string]> = [
      [auction.guests.locked.id, body, 404, 'guest_not_found'],
      [stranger.id, body, 404, 'guest_not_found'],
      ['not-a-uuid', body, 400, 'guest_not_found'],
      // STOP on their number: a text reaches nobody.
      [auction.guests.stopped.id, { ...body, channels: ['sms'] }, 422, 'announcement_no_recipients'],
      [auction.guests.french.id, { ...body, message: {} }, 400, 'announcement_message_required'],
    ];
    for (const [userId, refused, status, key] of refusals) {
      const answer = await callAs(test.app, staff.manager, 'POST', guestUrl(auction.auctionId, userId), {
        ...refused,
        commandId: randomUUID(),
      });
      expect(answer.statusCode, `${userId} ${JSON.stringify(refused)}`).toBe(status);
      const json = answer.json();
      expect([json.message, ...(json.messages ?? [])]).toContain(key);
    }
    const send = { ...body, commandId: randomUUID() };
    const guest = auction.guests.french.id;
    expect((await callAs(test.app, staff.volunteer, 'POST', guestUrl(auction.auctionId, guest), send)).statusCode).toBe(
      403,
    );
    const elsewhere = await otherOrganizationAuction(test.app, staff.admin);
    expect((await callAs(test.app, staff.manager, 'POST', guestUrl(elsewhere, guest), send)).statusCode).toBe(404);
    expect(await announcementsOf(auction.auctionId)).toHaveLength(before);
  });
});
