import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../src/migrations/0042_refund_keys_and_receipt_names.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const user = async (db: Kysely<unknown>, fields: Record<string, string | null>) => {
  const nick = `N${Math.random().toString(36).slice(2, 10)}`;
  const { rows } = await sql<{ id: string }>`
    INSERT INTO users (username, password_hash, nick_name, nick_name_skeleton, first_name, last_name, address,
      apartment, city, province, postal_code, country)
    VALUES (${`${nick}@example.org`}, 'x', ${nick}, ${nick.toLowerCase()}, ${fields.first}, ${fields.last},
      ${fields.address}, ${fields.apartment}, ${fields.city}, ${fields.province}, ${fields.postal}, ${fields.country})
    RETURNING id`.execute(db);
  return rows[0]?.id as string;
};

describe('migration 0042', () => {
  it("keeps each refund's Stripe key and scopes its command id to its sender; fills the receipts' names", async () => {
    const db = database.db as unknown as Kysely<unknown>;
    await down(db);
    const { rows: organizations } = await sql<{ id: number }>`
      INSERT INTO organizations (name, company_id) VALUES ('Fondation 0042', 1) RETURNING id`.execute(db);
    const organizationId = organizations[0]?.id;
    const { rows: auctions } = await sql<{ id: number }>`
      INSERT INTO auctions (organization_id, url_magic_link) VALUES (${organizationId}, 'm0042') RETURNING id`.execute(
      db,
    );
    const auctionId = auctions[0]?.id;
    const dana = await user(db, {
      first: 'Dana',
      last: 'Tremblay',
      address: '12 rue des Érables',
      apartment: '3',
      city: 'Sherbrooke',
      province: 'QC',
      postal: 'J1H 1A1',
      country: 'Canada',
    });
    const luc = await user(db, {
      first: 'Luc',
      last: '',
      address: null,
      apartment: '',
      city: 'Québec',
      province: null,
      postal: null,
      country: null,
    });
    const invoiceIds: number[] = [];
    for (const [number, bidder] of [dana, luc].entries()) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO invoices (public_id, organization_id, auction_id, bidder_id, is_donation, number, status,
          subtotal, card_fee, total, paid_at)
        VALUES (${`inv_m0042_${number}`}, ${organizationId}, ${auctionId}, ${bidder}, true, ${number + 1}, 2,
          5000, 0, 5000, now())
        RETURNING id`.execute(db);
      const invoiceId = rows[0]?.id as number;
      invoiceIds.push(invoiceId);
      await sql`
        INSERT INTO donation_receipts (invoice_id, organization_id, number, eligible_amount, fair_market_value,
          amount_received, language)
        VALUES (${invoiceId}, ${organizationId}, ${number + 1}, 5000, 0, 5000, 'fr')`.execute(db);
      await sql`
        INSERT INTO invoice_refunds (id, invoice_id, command_id, requested_by, amount, reason, status, payment_intent_id)
        VALUES (gen_random_uuid(), ${invoiceId}, ${`command-${number}`}, ${dana}, 100, 'Lot not delivered', 'pending',
          ${`pi_m0042_${number}`})`.execute(db);
    }

    await up(db);

    const { rows: refunds } = await sql<{ invoice_id: number; command_id: string; stripe_idempotency_key: string }>`
      SELECT invoice_id, command_id, stripe_idempotency_key FROM invoice_refunds ORDER BY invoice_id`.execute(db);
    // A refund recorded before is continued at Stripe under the key it was first sent with.
    expect(refunds.map((r) => r.stripe_idempotency_key)).toEqual(
      invoiceIds.map((id, number) => `invoice-refund-${id}-command-${number}`),
    );
    // Another user may use the same command id; its sender may not, twice.
    const insertRefund = (requestedBy: string, key: string) =>
      sql`
        INSERT INTO invoice_refunds (id, invoice_id, command_id, requested_by, amount, reason, payment_intent_id,
          stripe_idempotency_key)
        VALUES (gen_random_uuid(), ${invoiceIds[0]}, 'command-0', ${requestedBy}, 100, 'Again', 'pi_m0042_0', ${key})`.execute(
        db,
      );
    await insertRefund(luc, 'invoice-refund-new-1');
    await expect(insertRefund(dana, 'invoice-refund-new-2')).rejects.toMatchObject({
      constraint: 'invoice_refunds_command_key',
    });

    const { rows: receipts } = await sql<{ donor_name: string; donor_address: string; organization_name: string }>`
      SELECT donor_name, donor_address, organization_name FROM donation_receipts ORDER BY number`.execute(db);
    expect(receipts).toEqual([
      {
        donor_name: 'Dana Tremblay',
        donor_address: '12 rue des Érables, 3\nSherbrooke QC J1H 1A1\nCanada',
        organization_name: 'Fondation 0042',
      },
      { donor_name: 'Luc', donor_address: 'Québec', organization_name: 'Fondation 0042' },
    ]);
  });
});
