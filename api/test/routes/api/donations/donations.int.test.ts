import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { AuctionStatus } from '@auction/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInvoices } from '../../../../../workers/src/invoices/generateInvoices.ts';
import { HUB_PATH } from '../../../../src/hub/hubPlugin.ts';
import { bearer, callAs, login, preferUsd, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { demoOrganizationAuction } from '../../../fixtures/demoOrganizationAuction.ts';
import { HubClient } from '../../../hub/hubTestKit.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();
let springId: number;
let admin: string;
beforeAll(async () => {
  springId = await test.auctionId('demo-printemps');
  const signedIn = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
  admin = signedIn.body.token;
});

const donationId = () => `don-${randomUUID()}`;

function donate(token: string | null, body: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/auctions/donations',
    headers: token ? bearer(token) : {},
    payload: { id: donationId(), auctionId: test.galaId, amount: { value: 25, currencyCode: 'CAD' }, ...body },
  });
}

function list(token: string, query: string) {
  return test.app.inject({ method: 'GET', url: `/api/auctions/donations?${query}`, headers: bearer(token) });
}

async function setAuction(id: number, values: Record<string, unknown>) {
  await test.database.db.updateTable('auctions').set(values).where('id', '=', id).execute();
}

describe('donations', () => {
  it('takes a donation as an event, lists it sorted by amount with count and total, and is idempotent by its id', async () => {
    const donor = await registerConfirmed(test);
    const id = donationId();
    const body = {
      id,
      userId: donor.id,
      amount: { value: 50, currencyCode: 'CAD' },
      dateCreated: '2001-01-01T00:00:00Z',
    };
    const first = await donate(donor.token, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'donation_successful',
      donation: { id, auctionId: test.galaId, userId: donor.id, amount: { value: 50, currencyCode: 'CAD' } },
    });
    // The server's clock decides the date, not the client's.
    expect(Date.parse(first.json().donation.dateCreated)).toBeGreaterThan(Date.now() - 60_000);

    const retry = await donate(donor.token, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().donation).toEqual(first.json().donation);
    const events = await test.database.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', `donation-${id}`)
      .execute();
    expect(events).toEqual([{ type: 'DonationReceived' }]);

    const conflicting = await donate(donor.token, { ...body, amount: 100 });
    // Stripe's semantics, as for bids: the same key for another request changes nothing.
    expect(conflicting.statusCode).toBe(422);
    expect(conflicting.json().message).toBe('idempotency_key_reused');

    expect((await donate(donor.token, { amount: '25.00' })).statusCode).toBe(200);
    expect((await donate(donor.token, { amount: 100 })).statusCode).toBe(200);
    await test.projections.caughtUp();
    const mine = await list(donor.token, `auctionId=${test.galaId}&userId=${donor.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      auctionId: test.galaId,
      userId: donor.id,
      count: 3,
      total: { value: 175, currencyCode: 'CAD' },
      billCreditCardFeesToClient: false,
      bidderHasAcceptedCreditCardFees: null,
    });
    expect(mine.json().items.map((d: { amount: { value: number } }) => d.amount.value)).toEqual([100, 50, 25]);
    // Without userId: the caller's own.
    expect((await list(donor.token, `auctionId=${test.galaId}`)).json().count).toBe(3);
  });

  it('refuses bad input with nothing written', async () => {
    const donor = await registerConfirmed(test);
    const before = await test.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const amount of [0, -5, 12.345, 'lots', { value: '1e3' }, 2_000_000]) {
      const refused = await donate(donor.token, { amount });
      expect(refused.statusCode, JSON.stringify(amount)).toBe(400);
    }
    expect((await donate(donor.token, { id: 'short' })).statusCode).toBe(400);
    expect((await donate(donor.token, { id: 'has spaces in it' })).statusCode).toBe(400);
    expect((await donate(donor.token, { auctionId: 'x' })).statusCode).toBe(400);
    expect((await donate(donor.token, { amount: { value: 5, currencyCode: 'EUR' } })).statusCode).toBe(400);
    expect((await donate(donor.token, { dateCreated: 'yesterday' })).statusCode).toBe(400);
    const unknown = await donate(donor.token, { auctionId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('auction_not_found');
    const after = await test.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('applies the auction’s donation settings: active, internal, preset amounts unless another amount is allowed', async () => {
    const donor = await registerConfirmed(test);
    const inactive = await donate(donor.token, { auctionId: springId });
    expect([inactive.statusCode, inactive.json().message]).toEqual([409, 'auctionNotActive']);

    await setAuction(test.galaId, { donation_allow_other_amount: false });
    try {
      const custom = await donate(donor.token, { amount: 33 });
      expect([custom.statusCode, custom.json().message]).toEqual([400, 'invalid_donation_amount']);
      expect((await donate(donor.token, { amount: 25 })).statusCode).toBe(200);
    } finally {
      await setAuction(test.galaId, { donation_allow_other_amount: true });
    }

    for (const donationType of [0, 2]) {
      await setAuction(test.galaId, { donation_type: donationType });
      const refused = await donate(donor.token, {});
      expect([refused.statusCode, refused.json().message]).toEqual([409, 'donation_not_allowed']);
    }
    await setAuction(test.galaId, { donation_type: 1 });
  });

  it('applies who may donate: logged in or anonymous allowed, not volunteers or no roles, not locked, not in another’s name', async () => {
    const anonymous = await donate(null, {});
    expect([anonymous.statusCode, anonymous.json().message]).toEqual([401, 'user_must_be_logged_in']);
    await setAuction(test.galaId, { allow_anonymous_bidding: true });
    try {
      const allowed = await donate(null, {});
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().donation.userId).toBeNull();
    } finally {
      await setAuction(test.galaId, { allow_anonymous_bidding: false });
    }

    const { db } = test.database;
    const volunteer = await registerConfirmed(test);
    await db
      .updateTable('users')
      .set({ roles: [4] })
      .where('id', '=', volunteer.id)
      .execute();
    const byVolunteer = await donate(volunteer.token, {});
    expect([byVolunteer.statusCode, byVolunteer.json().message]).toEqual([403, 'volunteers_cannot_bid']);
    const roleless = await registerConfirmed(test);
    await db.updateTable('users').set({ roles: [] }).where('id', '=', roleless.id).execute();
    const byRoleless = await donate(roleless.token, {});
    expect([byRoleless.statusCode, byRoleless.json().message]).toEqual([403, 'no_roles_cannot_donate']);

    const locked = await registerConfirmed(test);
    await db.insertInto('auction_bidders').values({ auction_id: test.galaId, user_id: locked.id, status: 3 }).execute();
    const byLocked = await donate(locked.token, {});
    expect([byLocked.statusCode, byLocked.json().message]).toEqual([403, 'bidder_locked']);

    const donor = await registerConfirmed(test);
    const other = await registerConfirmed(test);
    const inOthersName = await donate(donor.token, { userId: other.id });
    expect(inOthersName.statusCode).toBe(403);
  });

  it('lets only the donor or an operator read the list', async () => {
    const donor = await registerConfirmed(test);
    const other = await registerConfirmed(test);
    expect((await donate(donor.token, {})).statusCode).toBe(200);
    await test.projections.caughtUp();
    expect((await list(other.token, `auctionId=${test.galaId}&userId=${donor.id}`)).statusCode).toBe(403);
    const byAdmin = await list(admin, `auctionId=${test.galaId}&userId=${donor.id}`);
    expect(byAdmin.json()).toMatchObject({ count: 1, total: { value: 25 } });
    const anonymous = await test.app.inject({ method: 'GET', url: `/api/auctions/donations?auctionId=${test.galaId}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await list(donor.token, 'auctionId=abc')).statusCode).toBe(400);
    expect((await list(donor.token, `auctionId=${test.galaId}&userId=not-a-uuid`)).statusCode).toBe(400);
    expect((await list(donor.token, 'auctionId=999999')).statusCode).toBe(404);
  });

  it('shows converted amounts to a bidder who prefers USD', async () => {
    const donor = await registerConfirmed(test);
    await preferUsd(test, donor);
    const made = await donate(donor.token, { amount: 100 });
    expect(made.json().donation.amount).toEqual({
      value: 100,
      currencyCode: 'CAD',
      convertedValue: 72,
      convertedCurrencyCode: 'USD',
    });
    await test.projections.caughtUp();
    expect((await list(donor.token, `auctionId=${test.galaId}`)).json().total).toMatchObject({
      value: 100,
      convertedValue: 72,
    });
  });

  it('reaches a watcher as DonationReceived, and an administrator’s deletion as DonationDeleted', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const watcher = await HubClient.connect(`ws://127.0.0.1:${port}${HUB_PATH}`);
    await watcher.subscribe(test.galaId);
    const donor = await registerConfirmed(test);
    const id = donationId();
    expect((await donate(donor.token, { id, amount: 40 })).statusCode).toBe(200);
    const received = await watcher.expectNext('events', 5_000);
    expect(received.events).toContainEqual(
      expect.objectContaining({
        event: 'DonationReceived',
        data: { auctionId: test.galaId, id, userId: donor.id, amount: { value: 40, currencyCode: 'CAD' } },
      }),
    );

    const byBidder = await callAs(test.app, donor.token, 'DELETE', `/api/auctions/donations/${id}`);
    expect(byBidder.statusCode).toBe(403);
    const deleted = await callAs(test.app, admin, 'DELETE', `/api/auctions/donations/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, message: 'donation_deleted', donation: { id } });
    const removed = await watcher.expectNext('events', 5_000);
    expect(removed.events).toContainEqual(
      expect.objectContaining({ event: 'DonationDeleted', data: expect.objectContaining({ id, userId: donor.id }) }),
    );
    // A second deletion is a retry: same answer, nothing appended.
    const again = await callAs(test.app, admin, 'DELETE', `/api/auctions/donations/${id}`);
    expect(again.statusCode).toBe(200);
    const stream = await test.database.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', `donation-${id}`)
      .orderBy('stream_version')
      .execute();
    expect(stream.map((e) => e.type)).toEqual(['DonationReceived', 'DonationDeleted']);
    await test.projections.caughtUp();
    expect((await list(donor.token, `auctionId=${test.galaId}`)).json().count).toBe(0);
    const lines = await test.database.db
      .selectFrom('invoice_lines')
      .select('line_id')
      .where('donation_id', '=', id)
      .execute();
    expect(lines).toEqual([]);

    const unknown = await callAs(test.app, admin, 'DELETE', `/api/auctions/donations/${donationId()}`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'donation_not_found']);
    await watcher.close();
  });

  it('refuses to delete a donation once the auction is invoiced, and appends nothing', async () => {
    const { db } = test.database;
    const auctionId = await demoOrganizationAuction(db);
    await setAuction(auctionId, { donation_type: 1, donation_allow_other_amount: true });
    const manager = (await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token;
    const donor = await registerConfirmed(test);
    const [early, billed] = [donationId(), donationId()];
    for (const id of [early, billed]) expect((await donate(donor.token, { id, auctionId })).statusCode).toBe(200);
    const streamOf = async (id: string) =>
      (
        await db
          .selectFrom('events')
          .select('type')
          .where('stream_id', '=', `donation-${id}`)
          .orderBy('stream_version')
          .execute()
      ).map((e) => e.type);

    // Before the invoices, a deletion is made.
    expect((await callAs(test.app, manager, 'DELETE', `/api/auctions/donations/${early}`)).statusCode).toBe(200);
    const completed = await callAs(test.app, manager, 'POST', `/api/admin/auctions/${auctionId}/status`, {
      status: AuctionStatus.Completed,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await test.projections.caughtUp();
    const generation = await generateInvoices(db, { redis: test.redis, prefix: test.prefix }, auctionId);
    expect(generation).toEqual({ kind: 'generated', invoices: 1 });

    const refused = await callAs(test.app, manager, 'DELETE', `/api/auctions/donations/${billed}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'lot_invoiced']);
    expect(await streamOf(billed)).toEqual(['DonationReceived']);
    await test.projections.caughtUp();
    const billedLines = await db
      .selectFrom('invoice_lines')
      .select('line_id')
      .where('donation_id', '=', billed)
      .execute();
    expect(billedLines).toHaveLength(1);
    // The deletion made before the invoices, retried, answers as it did.
    const retried = await callAs(test.app, manager, 'DELETE', `/api/auctions/donations/${early}`);
    expect(retried.statusCode).toBe(200);
    expect(await streamOf(early)).toEqual(['DonationReceived', 'DonationDeleted']);
  });

  it('hides another organisation’s donation from an auction manager', async () => {
    const donor = await registerConfirmed(test);
    const id = donationId();
    expect((await donate(donor.token, { id })).statusCode).toBe(200);
    const outsider = await registerConfirmed(test);
    await test.database.db
      .updateTable('users')
      .set({ roles: [2] })
      .where('id', '=', outsider.id)
      .execute();
    const refused = await callAs(test.app, outsider.token, 'DELETE', `/api/auctions/donations/${id}`);
    expect(refused.statusCode).toBe(404);
    const manager = await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!');
    const byManager = await callAs(test.app, manager.body.token, 'DELETE', `/api/auctions/donations/${id}`);
    expect(byManager.statusCode).toBe(200);
  });
});
