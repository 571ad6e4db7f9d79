import { randomUUID } from 'node:crypto';
import { insertGuests } from '@auction/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { walkIns } from '../../../../src/checkIn/walkIns.ts';
import { callAs, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../accounts/demoStaff.ts';
import { demoOrganizationAuction, demoOrganizationId } from '../../../fixtures/demoOrganizationAuction.ts';
import { statusesOf } from '../../../fixtures/rateLimits.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'admin', 'manager', 'volunteer');
let galaId: number;

beforeAll(async () => {
  const gala = await test.database.db
    .selectFrom('auctions')
    .select('id')
    .where('url_magic_link', '=', 'demo-gala')
    .executeTakeFirstOrThrow();
  galaId = gala.id;
});

const guestsUrl = (auctionId: number, q = '') =>
  `/api/check-in/auctions/${auctionId}/guests?q=${encodeURIComponent(q)}`;
const arrivalUrl = (auctionId: number, userId: string) =>
  `/api/check-in/auctions/${auctionId}/guests/${userId}/arrival`;
const walkInUrl = (auctionId: number) => `/api/check-in/auctions/${auctionId}/walk-ins`;

/** A bidder of the gala (admitted as an invitation would), with a name the search can find. */
async function galaGuest(overrides: Record<string, unknown> = {}) {
  const bidder = await registerConfirmed(test, {
    firstName: 'Éloïse',
    lastName: `Tremblay${Date.now() % 100000}`,
    ...overrides,
  });
  await test.database.db
    .insertInto('auction_bidders')
    .values({ auction_id: galaId, user_id: bidder.id, status: 1, admitted_at: new Date() })
    .execute();
  return bidder;
}

/** A volunteer of a new organisation, who must not see the gala's guests. */
async function otherVolunteer() {
  const organization = await callAs(test.app, staff.admin, 'POST', '/api/admin/organizations', {
    name: `Autre ${randomUUID()}`,
  });
  const user = await registerConfirmed(test);
  await test.database.db
    .updateTable('users')
    .set({ roles: [4] })
    .where('id', '=', user.id)
    .execute();
  await test.database.db
    .insertInto('organization_users')
    .values({ organization_id: organization.json().id, user_id: user.id, roles: [4] })
    .execute();
  return user;
}

/** A new volunteer of the gala's organisation: a door of its own, with its own count of walk-ins. */
async function galaVolunteer() {
  const user = await registerConfirmed(test);
  const { db } = test.database;
  await db
    .updateTable('users')
    .set({ roles: [4] })
    .where('id', '=', user.id)
    .execute();
  await db
    .insertInto('organization_users')
    .values({ organization_id: await demoOrganizationId(db), user_id: user.id, roles: [4] })
    .execute();
  return user;
}

async function arrivalOf(userId: string) {
  return test.database.db
    .selectFrom('auction_bidders')
    .select(['arrived_at', 'arrived_by'])
    .where('auction_id', '=', galaId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

describe('check-in at the door', () => {
  it('lists the auctions of the volunteer’s organisations, not archived ones of others', async () => {
    const response = await callAs(test.app, staff.volunteer, 'GET', '/api/check-in/auctions');
    expect(response.statusCode, response.body).toBe(200);
    const auctions = response.json() as Array<{ id: number; titles: Record<string, string> }>;
    expect(auctions.find((a) => a.id === galaId)?.titles.fr).toBe('Gala d’hiver 2026');
    const stranger = await otherVolunteer();
    const theirs = await callAs(test.app, stranger.token, 'GET', '/api/check-in/auctions');
    expect(theirs.json().map((a: { id: number }) => a.id)).not.toContain(galaId);
  });

  it('finds a guest by a name without accents and by phone digits', async () => {
    const guest = await galaGuest();
    const byName = await callAs(test.app, staff.volunteer, 'GET', guestsUrl(galaId, `eloise ${guest.body.lastName}`));
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().guests.map((g: { userId: string }) => g.userId)).toEqual([guest.id]);
    const digits = guest.body.cellphone.replace(/\D/g, '').slice(-7);
    const byPhone = await callAs(test.app, staff.volunteer, 'GET', guestsUrl(galaId, digits));
    expect(byPhone.json().guests.map((g: { userId: string }) => g.userId)).toContain(guest.id);
    const short = await callAs(test.app, staff.volunteer, 'GET', guestsUrl(galaId, 'e'));
    expect(short.statusCode).toBe(400);
    expect(short.json().messages).toContain('search_too_short');
  });

  it('lists the first 200 guests of a large gala by name and counts every one matching', async () => {
    const { db } = test.database;
    const auctionId = await demoOrganizationAuction(db);
    await insertGuests(db, auctionId, 250, (i) => ({
      user: { first_name: 'Guest', last_name: `Door${String(i).padStart(3, '0')}` },
    }));
    const all = await callAs(test.app, staff.volunteer, 'GET', guestsUrl(auctionId));
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ matchCount: 250, guestCount: 250, arrivedCount: 0 });
    expect(all.json().guests).toHaveLength(200);
    expect(all.json().guests[0].lastName).toBe('Door000');
    const one = await callAs(test.app, staff.volunteer, 'GET', guestsUrl(auctionId, 'door249'));
    expect(one.json()).toMatchObject({ matchCount: 1, guestCount: 250 });
    expect(one.json().guests.map((g: { lastName: string }) => g.lastName)).toEqual(['Door249']);
  });

  it('marks a guest arrived once, keeping who and when', async () => {
    const guest = await galaGuest();
    const first = await callAs(test.app, staff.volunteer, 'POST', arrivalUrl(galaId, guest.id));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ alreadyArrived: false, guest: { userId: guest.id, status: 1 } });
    expect(first.json().guest.arrivedBy).toBeTruthy();
    const recorded = await arrivalOf(guest.id);
    const again = await callAs(test.app, staff.manager, 'POST', arrivalUrl(galaId, guest.id));
    expect(again.json().alreadyArrived).toBe(true);
    expect(await arrivalOf(guest.id)).toEqual(recorded);
    const list = await callAs(test.app, staff.volunteer, 'GET', guestsUrl(galaId));
    expect(list.json().arrivedCount).toBeGreaterThanOrEqual(1);
  });

  it('hands each arriving guest the next bidder number, once, never twice, and finds them by it', async () => {
    const guests = await Promise.all([1, 2, 3, 4, 5].map(() => galaGuest()));
    expect(
      (await callAs(test.app, staff.volunteer, 'GET', guestsUrl(galaId, `eloise ${guests[0]?.body.lastName}`))).json()
        .guests[0].bidderNumber,
    ).toBeNull();
    // Two volunteers at two doors checking guests in at the same moment.
    const arrivals = await Promise.all(
      guests.map((guest, i) =>
        callAs(test.app, i % 2 ? staff.manager : staff.volunteer, 'POST', arrivalUrl(galaId, guest.id)),
      ),
    );
    const numbers = arrivals.map((a) => a.json().guest.bidderNumber as number);
    expect(new Set(numbers).size).toBe(5);
    for (const n of numbers) expect(n).toBeGreaterThan(0);
    // Checked in again: the same number, none used up.
    const again = await callAs(test.app, staff.manager, 'POST', arrivalUrl(galaId, guests[0]?.id as string));
    expect(again.json().guest.bidderNumber).toBe(numbers[0]);
    const next = await galaGuest();
    const nextNumber = (await callAs(test.app, staff.volunteer, 'POST', arrivalUrl(galaId, next.id))).json().guest
      .bidderNumber;
    expect(nextNumber).toBe(Math.max(...numbers) + 1);
    // The auctioneer calls a number: the console finds that guest by it, a single digit included.
    const called = await callAs(test.app, staff.manager, 'GET', guestsUrl(galaId, String(nextNumber)));
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json().guests.map((g: { userId: string }) => g.userId)).toContain(next.id);
    expect((await callAs(test.app, staff.manager, 'GET', guestsUrl(galaId, '7'))).statusCode).toBe(200);
  });

  it('refuses a locked bidder, a stranger, another organisation’s volunteer and a bidder', async () => {
    const guest = await galaGuest();
    await callAs(test.app, staff.manager, 'PUT', `/api/auctions/${galaId}/bidders/${guest.id}/status`, {
      status: 'Locked',
    });
    const locked = await callAs(test.app, staff.volunteer, 'POST', arrivalUrl(galaId, guest.id));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('bidder_locked');
    const stranger = await registerConfirmed(test);
    const unknown = await callAs(test.app, staff.volunteer, 'POST', arrivalUrl(galaId, stranger.id));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('guest_not_found');
    const other = await otherVolunteer();
    const foreign = await callAs(test.app, other.token, 'POST', arrivalUrl(galaId, guest.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('auction_not_found');
    const asBidder = await callAs(test.app, stranger.token, 'GET', guestsUrl(galaId));
    expect(asBidder.statusCode).toBe(403);
    expect((await arrivalOf(guest.id))?.arrived_at).toBeNull();
  });

  it('registers a walk-in with an email: a new account with a temporary password, checked in', async () => {
    const email = `walkin.${randomUUID()}@example.com`;
    const response = await callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), {
      firstName: 'Jacques',
      lastName: 'Bélanger',
      email,
      language: 'fr',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'created', guest: { email, status: 1 } });
    expect(response.json().guest.arrivedAt).not.toBeNull();
    const mail = await test.messaging.outbox.waitFor(email, { template: 'temporaryPassword' });
    const password = /[A-Z][a-z]{4}-[A-Z][a-z]{4}-\d{4}!/.exec(mail.body)?.[0] as string;
    const signedIn = await login(test.app, email, password);
    expect(signedIn.body.hasTemporaryPassword).toBe(true);
    // The same guest again is found, not created twice.
    const again = await callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), {
      firstName: 'Jacques',
      lastName: 'Bélanger',
      email,
    });
    expect(again.json().outcome).toBe('found');
    expect(again.json().guest.userId).toBe(response.json().guest.userId);
  });

  it('registers two taps of the same walk-in as one account', async () => {
    const email = `double.${randomUUID()}@example.com`;
    const body = { firstName: 'Double', lastName: 'Tap', email };
    const [a, b] = await Promise.all([
      callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), body),
      callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().guest.userId).toBe(b.json().guest.userId);
    expect([a.json().outcome, b.json().outcome].sort()).toEqual(['created', 'found']);
  });

  it('registers a walk-in with only a phone by texting the invitation, and never a STOP number', async () => {
    // An exchange the demo's accounts (514 555-01xx) never use.
    const phone = '(514) 557-0142';
    const digits = phone.replace(/\D/g, '');
    const invited = await callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), {
      firstName: 'Nadia',
      lastName: 'Roy',
      phoneNumber: phone,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({ outcome: 'invited', guest: null });
    await test.messaging.outbox.waitFor(digits, { template: 'onboardingInvite' });
    // A second tap texts nothing more.
    const again = await callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), {
      firstName: 'Nadia',
      lastName: 'Roy',
      phoneNumber: phone,
    });
    expect(again.json().outcome).toBe('invited');
    const invitations = await test.database.db
      .selectFrom('onboarding_invitations')
      .select('id')
      .where('phone_number', '=', digits)
      .where('auction_id', '=', galaId)
      .execute();
    expect(invitations).toHaveLength(1);
    await test.database.db.insertInto('sms_opt_outs').values({ phone_number: '5145550999' }).execute();
    const stopped = await callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), {
      firstName: 'Paul',
      lastName: 'Roy',
      phoneNumber: '514 555 0999',
    });
    expect(stopped.json()).toMatchObject({ outcome: 'stop', message: 'user_has_send_stop_date' });
  });

  it('finds an existing account by phone, admits it and checks it in', async () => {
    const bidder = await registerConfirmed(test);
    const response = await callAs(test.app, staff.manager, 'POST', walkInUrl(galaId), {
      firstName: 'X',
      lastName: 'Y',
      phoneNumber: bidder.body.cellphone,
    });
    expect(response.json()).toMatchObject({ outcome: 'found', guest: { userId: bidder.id } });
    expect((await arrivalOf(bidder.id))?.arrived_at).not.toBeNull();
  });

  it('limits the walk-ins of one account (120 in 10 minutes), refusing past it with nothing written', async () => {
    const door = await galaVolunteer();
    const guest = await galaGuest();
    const statuses = await statusesOf(120, () =>
      callAs(test.app, door.token, 'POST', walkInUrl(galaId), {
        firstName: 'Éloïse',
        lastName: guest.body.lastName,
        email: guest.body.username,
      }),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const email = `late.${randomUUID()}@example.com`;
    const refused = await callAs(test.app, door.token, 'POST', walkInUrl(galaId), {
      firstName: 'Tardif',
      lastName: 'Retard',
      email,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await test.app.users.byUsername(email)).toBeUndefined();
    const phone = '(514) 557-0177';
    const byPhone = await callAs(test.app, door.token, 'POST', walkInUrl(galaId), {
      firstName: 'Tardif',
      lastName: 'Retard',
      phoneNumber: phone,
    });
    expect(byPhone.statusCode).toBe(429);
    const invitations = await test.database.db
      .selectFrom('onboarding_invitations')
      .select('id')
      .where('phone_number', '=', phone.replace(/\D/g, ''))
      .execute();
    expect(invitations).toEqual([]);
    // Each door counts its own: another volunteer still registers walk-ins.
    const other = await callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), {
      firstName: 'Éloïse',
      lastName: guest.body.lastName,
      email: guest.body.username,
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('refuses a walk-in without phone or email, changing nothing', async () => {
    const response = await callAs(test.app, staff.volunteer, 'POST', walkInUrl(galaId), {
      firstName: 'Sans',
      lastName: 'Contact',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages).toContain('phone_or_email_required');
  });
});

describe('a walk-in whose name is taken as the account is written', () => {
  let volunteerId: string;
  beforeAll(async () => {
    const volunteer = await test.app.users.byUsername('volunteer@demo.local');
    volunteerId = volunteer?.id as string;
  });

  /**
   * The door's service over a repository whose name check answers "free" before the other door's
   * account is written: the write then meets that account under its lock.
   */
  function walkInsCheckingTooEarly(early: number) {
    let answered = 0;
    const users = {
      ...test.app.users,
      isNickNameFree: async (nickName: string, exceptUserId?: string) =>
        answered++ < early ? true : test.app.users.isNickNameFree(nickName, exceptUserId),
    };
    return walkIns({
      guests: test.app.guests,
      users,
      invitations: test.app.invitations,
      authorization: test.app.authorization,
      accounts: test.app.accounts,
    });
  }

  it('is written under another name rather than failing at the door', async () => {
    const lastName = `Lavoie${Date.now() % 100000}`;
    await registerConfirmed(test, { firstName: 'Zoé', lastName, nickName: `Zoé ${lastName.slice(0, 1)}.` });
    const email = `zoe.${randomUUID()}@example.com`;
    const result = await walkInsCheckingTooEarly(1).register(
      galaId,
      { firstName: 'Zoé', lastName, email, language: 'fr' },
      volunteerId,
    );
    expect(result.outcome).toBe('created');
    const account = await test.database.db
      .selectFrom('users')
      .select('nick_name')
      .where('id', '=', result.userId as string)
      .executeTakeFirstOrThrow();
    expect(account.nick_name).toMatch(/^Zoé L\. \S+$/);
  });

  it('is refused with unique_nickname, and nothing written, when every name tried is taken', async () => {
    const lastName = `Lavoie${Date.now() % 100000}`;
    await registerConfirmed(test, { firstName: 'Yannick', lastName, nickName: `Yannick ${lastName.slice(0, 1)}.` });
    const email = `yannick.${randomUUID()}@example.com`;
    const always = walkInsCheckingTooEarly(Number.POSITIVE_INFINITY);
    // Every candidate name the door tries is the taken one, as if each were taken as it was written.
    const refused = await always
      .register(galaId, { firstName: 'Yannick', lastName, email, language: 'fr' }, volunteerId)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 409, message: 'unique_nickname' });
    expect(await test.app.users.byUsername(email)).toBeUndefined();
  });
});
