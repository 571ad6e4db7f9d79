import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useInvoiceTest } from '../../invoices/invoiceFixtures.ts';

// The console's list of an auction's invoices, a page at a time from PostgreSQL (docs/console.md
// "Invoices"): the search, the states, "due" and the order apply on the server; the totals are
// the whole auction's whatever the filters.
const kit = useInvoiceTest();
const { test } = kit;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  kit.fixtures().call(method, url, kit.manager, payload);

async function customer(firstName: string, lastName: string) {
  const account = await registerConfirmed(test);
  await test.database.db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName })
    .where('id', '=', account.id)
    .execute();
  return account;
}

/** Three invoices of one auction: Éloïse owes all, Noah paid part by cheque, Zoé paid all in cash. */
async function threeInvoices() {
  const eloise = await customer('Éloïse', 'Tremblay');
  const noah = await customer('Noah', 'Gagnon');
  const zoe = await customer('Zoé', 'Roy');
  const a = await kit.fixtures().invoiceFor(eloise.id, [{ amount: 100_00 }]);
  const b = await kit.fixtures().invoiceFor(noah.id, [{ amount: 50_00 }], { auctionId: a.auction_id });
  const c = await kit.fixtures().invoiceFor(zoe.id, [{ amount: 30_00 }], { auctionId: a.auction_id });
  const record = (publicId: string, amountCents: number, method: 'cheque' | 'cash') =>
    call('POST', `/api/admin/invoices/${publicId}/manual-payments`, { amountCents, method, commandId: randomUUID() });
  expect((await record(b.public_id, 20_00, 'cheque')).statusCode).toBe(200);
  expect((await record(c.public_id, 34_49, 'cash')).statusCode).toBe(200);
  return { auctionId: a.auction_id, a, b, c };
}

const list = async (auctionId: number, query = '') => {
  const answer = await call('GET', `/api/admin/auctions/${auctionId}/invoices${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const numbers = (answer: { invoices: Array<{ number: number }> }) => answer.invoices.map((invoice) => invoice.number);

describe("the console's list of an auction's invoices", () => {
  it('answers a page with the totals of the whole auction', async () => {
    const { auctionId, a, b, c } = await threeInvoices();
    const all = await list(auctionId);
    // 100 $ + taxes (114.98), 50 $ + taxes (57.49), 30 $ + taxes (34.49).
    expect(all).toMatchObject({
      count: 3,
      invoiceCount: 3,
      currentPage: 1,
      raisedCents: 206_96,
      paidCents: 20_00 + 34_49,
      unpaidCents: 206_96 - 54_49,
      refundedCents: 0,
    });
    expect(numbers(all)).toEqual([a.number, b.number, c.number]);
    // Each invoice says its state as the filter reads it, so the screen never restates the rule.
    type Row = { paidCents: number; dueCents: number; state: string };
    expect(all.invoices.map((i: Row) => [i.paidCents, i.dueCents, i.state])).toEqual([
      [0, 114_98, 'unpaid'],
      [20_00, 37_49, 'partly'],
      [34_49, 0, 'paid'],
    ]);

    // Filters narrow the page, never the totals.
    const eloise = await list(auctionId, '?q=eloise%20TREMB');
    expect(numbers(eloise)).toEqual([a.number]);
    expect(eloise).toMatchObject({ count: 1, invoiceCount: 3, raisedCents: 206_96 });
    expect(numbers(await list(auctionId, `?q=${b.number}`))).toContain(b.number);
    expect(numbers(await list(auctionId, '?state=partly'))).toEqual([b.number]);
    expect(numbers(await list(auctionId, '?state=unpaid'))).toEqual([a.number]);
    expect(numbers(await list(auctionId, '?state=paid,unpaid'))).toEqual([a.number, c.number]);
    expect(numbers(await list(auctionId, '?quickFilters=due&sort=due&direction=desc'))).toEqual([a.number, b.number]);
    expect(numbers(await list(auctionId, '?sort=total&direction=asc'))).toEqual([c.number, b.number, a.number]);
    // By last name, without accents: Gagnon, Roy, Tremblay.
    expect(numbers(await list(auctionId, '?sort=customer'))).toEqual([b.number, c.number, a.number]);
  });

  it('answers the last page when asked past the end, and refuses a filter it does not know', async () => {
    const { auctionId, c } = await threeInvoices();
    const past = await list(auctionId, '?pageSize=25&currentPage=9');
    expect(past.currentPage).toBe(1);
    expect(past.invoices).toHaveLength(3);
    const second = await list(auctionId, '?pageSize=25&currentPage=1&sort=number&direction=desc');
    expect(second.invoices[0].number).toBe(c.number);
    for (const query of ['?state=lost', '?pageSize=7', '?sort=paddle', '?quickFilters=late']) {
      const refused = await call('GET', `/api/admin/auctions/${auctionId}/invoices${query}`);
      expect(refused.statusCode, query).toBe(400);
    }
  });
});
