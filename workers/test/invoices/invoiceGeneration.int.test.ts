import { randomUUID } from 'node:crypto';
import { AuctionStatus } from '@auction/contract';
import { requestAuctionSchedule } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import { generateInvoices } from '../../src/invoices/generateInvoices.ts';
import {
  bid,
  closesOf,
  createAuction,
  createBidder,
  eventually,
  hubEvents,
  MINUTE,
  openLot,
  SECOND,
  useRunningWorld,
} from '../workerFixtures.ts';

const world = useRunningWorld({ invoiceDelayMs: 0 });

const bidder = (name: string) => createBidder(world.db, name);

async function quebecOrganization(): Promise<number> {
  const org = await world.db
    .insertInto('organizations')
    .values({ name: `org-${randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await world.db
    .insertInto('organization_tax_rates')
    .values([
      { organization_id: org.id, position: 0, names: JSON.stringify({ fr: 'TPS', en: 'GST' }), rate_ppm: 50_000 },
      { organization_id: org.id, position: 1, names: JSON.stringify({ fr: 'TVQ', en: 'QST' }), rate_ppm: 99_750 },
    ])
    .execute();
  return org.id;
}

const invoicesOf = (auctionId: number) =>
  world.db.selectFrom('invoices').selectAll().where('auction_id', '=', auctionId).orderBy('number').execute();

const statusOf = async (auctionId: number) =>
  (await world.db.selectFrom('auctions').select('status').where('id', '=', auctionId).executeTakeFirstOrThrow()).status;

/** The auction's invoices once there are `count` of them. */
const invoicesOnceThere = (auctionId: number, count: number) =>
  eventually(async () => {
    const invoices = await invoicesOf(auctionId);
    expect(invoices).toHaveLength(count);
    return invoices;
  });

const taxesOf = (invoiceId: number) =>
  world.db
    .selectFrom('invoice_taxes')
    .select(['names', 'amount'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();

/** An auction of this organisation that completes in a moment with lots won by the bidders given. */
async function auctionWon(organizationId: number, wins: Array<[string, number]>) {
  const t0 = Date.now();
  const { auctionId } = await createAuction(world.db, {
    status: 3,
    dateOpen: t0 - 60_000,
    dateCompleted: t0 + 2 * SECOND,
    organizationId,
  });
  await world.db
    .updateTable('auctions')
    .set({ bill_credit_card_fees_to_client: true })
    .where('id', '=', auctionId)
    .execute();
  const lots: number[] = [];
  for (const [bidderId, amount] of wins) {
    const lotId = await openLot(world, auctionId, { endsAt: t0 + 1_500 });
    await bid(world, lotId, bidderId, amount);
    lots.push(lotId);
  }
  await requestAuctionSchedule(world.workers.lifecycle, auctionId);
  return { auctionId, lots };
}

/**
 * An auction open since a minute ago (of the organisation, when given) completing at `completesAt`,
 * with one lot ending at `endsAt` that `bidderId` bid `amount` on.
 */
async function auctionWithOneBid(
  bidderId: string,
  amount: number,
  times: { endsAt: number; completesAt?: number },
  organizationId?: number,
) {
  const { auctionId } = await createAuction(world.db, {
    status: 3,
    dateOpen: Date.now() - MINUTE,
    dateCompleted: times.completesAt,
    organizationId,
  });
  const lotId = await openLot(world, auctionId, { endsAt: times.endsAt });
  await bid(world, lotId, bidderId, amount);
  return { auctionId, lotId };
}

describe('invoice generation', () => {
  it('invoices each winner once the auction completes, with taxes, the accepted card fee and separate donation invoices', async () => {
    const organizationId = await quebecOrganization();
    const [alice, bob] = [await bidder('alice'), await bidder('bob')];
    const { auctionId } = await auctionWon(organizationId, [
      [alice, 50_00],
      [bob, 30_00],
    ]);
    await world.db
      .insertInto('auction_bidders')
      .values([
        { auction_id: auctionId, user_id: alice, status: 2, has_accepted_credit_card_fees: true },
        { auction_id: auctionId, user_id: bob, status: 2, has_accepted_credit_card_fees: false },
      ])
      .execute();
    // Bob's donation, as the donations projection writes its line.
    await world.db
      .insertInto('invoice_lines')
      .values({
        line_id: `donation:${randomUUID()}`,
        auction_id: auctionId,
        bidder_id: bob,
        kind: 'donation',
        lot_id: null,
        donation_id: randomUUID(),
        quantity: 1,
        unit_price: 20_00,
        amount: 20_00,
        occurred_at: new Date(),
      })
      .execute();

    const invoiced = await eventually(async () => {
      expect(await statusOf(auctionId)).toBe(5);
      return invoicesOf(auctionId);
    });
    expect(invoiced).toHaveLength(3);
    const byKey = new Map(invoiced.map((inv) => [`${inv.bidder_id}:${inv.is_donation}`, inv]));

    const aliceLots = byKey.get(`${alice}:false`);
    // 50 $ + GST 2.50 $ + QST 4.99 $ (4.9875) = 57.49 $; fee 3.3 % = 1.897 → 1.90 $.
    expect(aliceLots).toMatchObject({ subtotal: 50_00, card_fee: 1_90, total: 59_39, status: 1 });
    expect(await taxesOf(aliceLots?.id as number)).toEqual([
      { names: { fr: 'TPS', en: 'GST' }, amount: 2_50 },
      { names: { fr: 'TVQ', en: 'QST' }, amount: 4_99 },
    ]);
    // Bob refused the fees: none.
    expect(byKey.get(`${bob}:false`)).toMatchObject({ subtotal: 30_00, card_fee: 0, total: 30_00 + 1_50 + 2_99 });
    // A donation invoice carries no tax.
    const donation = byKey.get(`${bob}:true`);
    expect(donation).toMatchObject({ subtotal: 20_00, card_fee: 0, total: 20_00 });
    expect(await taxesOf(donation?.id as number)).toEqual([]);

    // Numbers run on per organisation, from 1.
    expect(invoiced.map((inv) => inv.number)).toEqual([1, 2, 3]);
    const items = await world.db
      .selectFrom('invoice_items')
      .selectAll()
      .where('invoice_id', '=', aliceLots?.id as number)
      .execute();
    expect(items).toMatchObject([
      { kind: 'lot', quantity: 1, amount: 50_00, description: { en: 'Cottage weekend', fr: 'Weekend au chalet' } },
    ]);

    await eventually(async () =>
      expect((await hubEvents(world, auctionId)).map((e) => e.event)).toContain('AuctionInvoiceGenerated'),
    );

    // Generating again creates nothing.
    expect(await generateInvoices(world.db, { redis: world.redis, prefix: world.prefix }, auctionId)).toEqual({
      kind: 'notCompleted',
    });
    expect(await invoicesOf(auctionId)).toHaveLength(3);

    // The organisation's next auction continues the numbering.
    const carol = await bidder('carol');
    const next = await auctionWon(organizationId, [[carol, 12_00]]);
    const nextInvoices = await invoicesOnceThere(next.auctionId, 1);
    expect(nextInvoices[0]?.number).toBe(4);
  });

  it('bills a lot flagged as a donation as a gift: on the donation invoice, untaxed, under its number and name', async () => {
    const organizationId = await quebecOrganization();
    const alice = await bidder('alice');
    const { auctionId, lots } = await auctionWon(organizationId, [
      [alice, 40_00],
      [alice, 25_00],
    ]);
    // The second lot is a gift offered for sale (a meal for a family): what its buyer pays is a donation.
    await world.db
      .updateTable('lots')
      .set({ is_donation: true })
      .where('id', '=', lots[1] as number)
      .execute();

    const invoiced = await invoicesOnceThere(auctionId, 2);
    const [purchases, gifts] = [invoiced.find((i) => !i.is_donation), invoiced.find((i) => i.is_donation)];
    // 40 $ + GST 2 $ + QST 3.99 $; the donation lot is not on it.
    expect(purchases).toMatchObject({ subtotal: 40_00, total: 40_00 + 2_00 + 3_99 });
    expect(gifts).toMatchObject({ subtotal: 25_00, card_fee: 0, total: 25_00 });
    expect(await taxesOf(gifts?.id as number)).toEqual([]);
    const lotNumber = (
      await world.db
        .selectFrom('lots')
        .select('lot_number')
        .where('id', '=', lots[1] as number)
        .executeTakeFirstOrThrow()
    ).lot_number;
    const items = await world.db
      .selectFrom('invoice_items')
      .selectAll()
      .where('invoice_id', '=', gifts?.id as number)
      .execute();
    expect(items).toMatchObject([
      {
        kind: 'donation',
        lot_id: lots[1],
        lot_number: lotNumber,
        amount: 25_00,
        description: { en: 'Cottage weekend', fr: 'Weekend au chalet' },
      },
    ]);
  });

  it('holds the invoices while a lot still runs; the lifecycle closes it at the completion, then bills its winner', async () => {
    const organizationId = await quebecOrganization();
    const dana = await bidder('dana');
    const t0 = Date.now();
    const endsAt = t0 + 3 * SECOND;
    const { auctionId } = await auctionWithOneBid(dana, 40_00, { endsAt, completesAt: t0 + MINUTE }, organizationId);
    // Completed now, without saying when (as a row changed outside the product); the lot still runs.
    await world.db.updateTable('auctions').set({ status: 4 }).where('id', '=', auctionId).execute();
    const early = await eventually(async () => {
      const outcome = await generateInvoices(world.db, { redis: world.redis, prefix: world.prefix }, auctionId);
      expect(outcome.kind).not.toBe('behind');
      return outcome;
    });
    expect(early).toEqual({ kind: 'lotsOpen', endsAt });
    expect(await invoicesOf(auctionId)).toEqual([]);
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);

    // The lifecycle stamps the completion, closes the lot then with its leader winning, and bills.
    const invoices = await invoicesOnceThere(auctionId, 1);
    expect(invoices[0]).toMatchObject({ bidder_id: dana, subtotal: 40_00 });
    expect(invoices[0]?.created_at.getTime()).toBeLessThan(endsAt);
  });

  it('closes every open lot at once when an operator completes the auction by hand, and bills its leader', async () => {
    const organizationId = await quebecOrganization();
    const erin = await bidder('erin');
    const t0 = Date.now();
    const endsAt = t0 + 30 * MINUTE;
    const { auctionId, lotId } = await auctionWithOneBid(
      erin,
      25_00,
      { endsAt, completesAt: t0 + 60 * MINUTE },
      organizationId,
    );
    // As the operator API completes an auction: the status and when it happened.
    const completedAt = Date.now();
    await world.db
      .updateTable('auctions')
      .set({ status: 4, is_available: false, completed_date: new Date(completedAt) })
      .where('id', '=', auctionId)
      .execute();
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);

    const invoices = await invoicesOnceThere(auctionId, 1);
    expect(invoices[0]).toMatchObject({ bidder_id: erin, subtotal: 25_00 });
    const view = await world.db
      .selectFrom('lot_views')
      .select(['winner_id', 'ends_at'])
      .where('lot_id', '=', lotId)
      .executeTakeFirstOrThrow();
    // Won by its leader at the completion, half an hour before its own end.
    expect(view.winner_id).toBe(erin);
    expect(new Date(view.ends_at).getTime()).toBeLessThan(endsAt);
  });

  it('invoices an auction left Completed with nothing scheduled for it (a lost job, a loaded one) at the recovery sweep', async () => {
    const alice = await bidder('alice');
    const t0 = Date.now();
    const { auctionId, lotId } = await auctionWithOneBid(alice, 42_00, { endsAt: t0 + 1_000 });
    await eventually(async () => expect(await closesOf(world, lotId)).toHaveLength(1));
    // Completed without the lifecycle queue hearing of it.
    await world.db
      .updateTable('auctions')
      .set({ status: AuctionStatus.Completed, completed_date: new Date(t0 - 10_000), is_available: false })
      .where('id', '=', auctionId)
      .execute();
    expect(await invoicesOf(auctionId)).toEqual([]);

    await world.workers.sweep();
    const [invoice] = await invoicesOnceThere(auctionId, 1);
    expect(invoice).toMatchObject({ bidder_id: alice, is_donation: false });
    expect(await statusOf(auctionId)).toBe(AuctionStatus.InvoiceGenerated);
  });
});
