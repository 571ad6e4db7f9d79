import { randomUUID } from 'node:crypto';
import { insertGuests } from '@auction/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { demoOrganizationAuction } from '../../../../fixtures/demoOrganizationAuction.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'manager', 'volunteer');
let galaId: number;

beforeAll(async () => {
  galaId = (
    await test.database.db
      .selectFrom('auctions')
      .select('id')
      .where('url_magic_link', '=', 'demo-gala')
      .executeTakeFirstOrThrow()
  ).id;
});

const biddersUrl = (auctionId: number) => `/api/admin/auctions/${auctionId}/bidders`;

describe("an auction's bidders for its operators", () => {
  it('lists each bidder with status, STOP and arrival; a lock shows at once', async () => {
    const bidder = await registerConfirmed(test, { lastName: `Zz${randomUUID().slice(0, 6)}` });
    await test.database.db
      .insertInto('auction_bidders')
      .values({ auction_id: galaId, user_id: bidder.id, status: 2 })
      .execute();
    await test.database.db
      .insertInto('sms_opt_outs')
      .values({ phone_number: bidder.body.cellphone.replace(/\D/g, '') })
      .execute();
    const listed = await callAs(test.app, staff.manager, 'GET', `${biddersUrl(galaId)}?q=${bidder.body.lastName}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json().bidders.find((b: { userId: string }) => b.userId === bidder.id);
    expect(row).toMatchObject({ status: 2, hasSmsStop: true, arrivedAt: null, email: bidder.body.username });
    await callAs(test.app, staff.manager, 'PUT', `/api/auctions/${galaId}/bidders/${bidder.id}/status`, {
      status: 'Locked',
    });
    const after = await callAs(test.app, staff.manager, 'GET', `${biddersUrl(galaId)}?q=${bidder.body.lastName}`);
    expect(after.json().bidders.find((b: { userId: string }) => b.userId === bidder.id).status).toBe(3);
  });

  it('answers 404 for an unknown auction and 403 for a volunteer', async () => {
    expect((await callAs(test.app, staff.manager, 'GET', biddersUrl(2_000_000))).statusCode).toBe(404);
    expect((await callAs(test.app, staff.volunteer, 'GET', biddersUrl(galaId))).statusCode).toBe(403);
  });
});

/**
 * A gala of 60 guests in a bare auction of the demo organisation: last names with and without
 * accents, three locked, the first twenty arrived a minute apart with paddles in arrival order.
 */
describe('a page of the bidders, filtered, sorted and counted by the server', () => {
  const LAST_NAMES = ['Dupont', 'Émond', 'Fortin', 'emery', 'Zèbre', 'Bélanger'];
  let auctionId: number;
  const page = async (query: string) => {
    const answer = await callAs(test.app, staff.manager, 'GET', `${biddersUrl(auctionId)}?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as {
      bidders: Array<{ lastName: string; firstName: string; status: number; bidderNumber: number | null }>;
      count: number;
      currentPage: number;
      guestCount: number;
    };
  };
  const names = (answer: { bidders: Array<{ lastName: string }> }) => answer.bidders.map((b) => b.lastName);

  beforeAll(async () => {
    const { db } = test.database;
    auctionId = await demoOrganizationAuction(db);
    const start = Date.parse('2026-11-28T23:00:00Z');
    await insertGuests(db, auctionId, 60, (i) => ({
      user: {
        first_name: `Guest${String(i).padStart(2, '0')}`,
        last_name: LAST_NAMES[i % LAST_NAMES.length] as string,
        phone_number: `438${String(i).padStart(7, '0')}`,
      },
      bidder: {
        status: i < 3 ? 3 : 2,
        arrived_at: i < 20 ? new Date(start + i * 60_000) : null,
        bidder_number: i < 20 ? i + 1 : null,
      },
    }));
  });

  it('answers one page of the size asked, the count over all pages, and the last page past the end', async () => {
    const first = await page('pageSize=25');
    expect(first).toMatchObject({ count: 60, currentPage: 1, guestCount: 60 });
    expect(first.bidders).toHaveLength(25);
    const third = await page('pageSize=25&currentPage=3');
    expect(third.bidders).toHaveLength(10);
    expect(await page('pageSize=25&currentPage=9')).toMatchObject({ currentPage: 3, count: 60 });
    // The three pages are the whole list, each guest once.
    const second = await page('pageSize=25&currentPage=2');
    const all = [...first.bidders, ...second.bidders, ...third.bidders].map((b) => b.firstName);
    expect(new Set(all).size).toBe(60);
  });

  it('sorts names without case or accents, either way, and arrivals by time with those not arrived last', async () => {
    const byName = names(await page('pageSize=200'));
    const order = ['Bélanger', 'Dupont', 'emery', 'Émond', 'Fortin', 'Zèbre'];
    expect([...new Set(byName)]).toEqual(order);
    expect([...new Set(names(await page('pageSize=200&direction=desc')))]).toEqual([...order].reverse());
    const latest = (await page('pageSize=25&sort=arrival&direction=desc')).bidders;
    expect(latest.slice(0, 3).map((b) => b.bidderNumber)).toEqual([20, 19, 18]);
    expect(latest.slice(20).every((b) => b.bidderNumber === null)).toBe(true);
    const earliest = (await page('pageSize=25&sort=arrival')).bidders;
    expect(earliest.slice(0, 2).map((b) => b.bidderNumber)).toEqual([1, 2]);
    expect(earliest.at(-1)?.bidderNumber).toBeNull();
    expect((await page('pageSize=25&sort=status&direction=desc')).bidders.slice(0, 4).map((b) => b.status)).toEqual([
      3, 3, 3, 2,
    ]);
  });

  it('filters by status, arrival, the quick filter and a search, all together', async () => {
    expect((await page('status=3')).count).toBe(3);
    expect((await page('status=1,3')).count).toBe(3);
    expect((await page('arrival=waiting')).count).toBe(40);
    expect((await page('arrival=waiting,arrived')).count).toBe(60);
    expect((await page('quickFilters=arrived')).count).toBe(20);
    expect((await page('quickFilters=arrived&status=3')).count).toBe(3);
    // Not arrived and arrived at once is no one, but the auction still has its guests.
    expect(await page('quickFilters=arrived&arrival=waiting')).toMatchObject({ count: 0, guestCount: 60, bidders: [] });
    expect((await page('q=emond')).count).toBe(10);
    expect((await page('q=%C3%89MOND')).count).toBe(10);
    expect(names(await page('q=438000000'))).toHaveLength(10);
    expect((await page('q=%237')).bidders.map((b) => b.bidderNumber)).toEqual([7]);
    // Shorter than the door's search allows, as Enter sends it: one digit is that paddle alone, one letter a name's.
    expect((await page('q=7')).bidders.map((b) => b.bidderNumber)).toEqual([7]);
    expect(names(await page('q=z&pageSize=50'))).toEqual(Array(10).fill('Zèbre'));
    expect((await page('q=guest07')).bidders.map((b) => b.firstName)).toEqual(['Guest07']);
    // Émond is every sixth guest from the second; four of them among the first twenty arrived.
    expect((await page('q=emond&arrival=arrived')).count).toBe(4);
  });

  it('finds a guest by the name they changed to, the folded search text kept by PostgreSQL', async () => {
    const { db } = test.database;
    const guest = await db
      .selectFrom('users')
      .select(['id', 'search_key'])
      .where('first_name', '=', 'Guest59')
      .executeTakeFirstOrThrow();
    expect(guest.search_key).toContain('guest59 belanger');
    await db.updateTable('users').set({ last_name: 'Lefèbvre-Côté' }).where('id', '=', guest.id).execute();
    expect((await page('q=lefebvre-cote')).bidders.map((b) => b.firstName)).toEqual(['Guest59']);
    expect((await page('q=belanger')).count).toBe(9);
  });

  it('refuses a query it does not know with the field at fault', async () => {
    for (const query of [
      'pageSize=30',
      'status=4',
      'sort=email',
      'arrival=late',
      'currentPage=0',
      `q=${'x'.repeat(101)}`,
      'extra=1',
    ]) {
      const answer = await callAs(test.app, staff.manager, 'GET', `${biddersUrl(auctionId)}?${query}`);
      expect(answer.statusCode, query).toBe(400);
    }
    const answer = await callAs(test.app, staff.manager, 'GET', `${biddersUrl(auctionId)}?pageSize=30`);
    expect(answer.json()).toMatchObject({ message: 'validation_failed', messages: ['invalid_value'] });
  });
});
