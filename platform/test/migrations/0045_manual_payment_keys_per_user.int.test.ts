import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../src/migrations/0045_manual_payment_keys_per_user.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const user = async (db: Kysely<unknown>) => {
  const nick = `N${Math.random().toString(36).slice(2, 10)}`;
  const { rows } = await sql<{ id: string }>`
    INSERT INTO users (username, password_hash, nick_name, nick_name_skeleton)
    VALUES (${`${nick}@example.org`}, 'x', ${nick}, ${nick.toLowerCase()}) RETURNING id`.execute(db);
  return rows[0]?.id as string;
};

describe('migration 0045', () => {
  it('keeps the first of a user key used on two invoices, renames the others, and scopes keys per user', async () => {
    const db = database.db as unknown as Kysely<unknown>;
    await down(db);
    const { rows: organizations } = await sql<{ id: number }>`
      INSERT INTO organizations (name, company_id) VALUES ('Fondation 0045', 1) RETURNING id`.execute(db);
    const { rows: auctions } = await sql<{ id: number }>`
      INSERT INTO auctions (organization_id, url_magic_link) VALUES (${organizations[0]?.id}, 'm0045') RETURNING id`.execute(
      db,
    );
    const dana = await user(db);
    const luc = await user(db);
    const invoiceIds: number[] = [];
    for (const number of [1, 2]) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO invoices (public_id, organization_id, auction_id, bidder_id, is_donation, number, status,
          subtotal, card_fee, total)
        VALUES (${`inv_m0045_${number}`}, ${organizations[0]?.id}, ${auctions[0]?.id}, ${luc}, ${number === 1}, ${number}, 1,
          5000, 0, 5000) RETURNING id`.execute(db);
      invoiceIds.push(rows[0]?.id as number);
    }
    for (const invoiceId of invoiceIds) {
      await sql`INSERT INTO invoice_manual_payments (invoice_id, command_id, amount, method, recorded_by,
          cancelled_at, cancelled_by, cancel_reason, cancel_command_id)
        VALUES (${invoiceId}, 'k', 100, 'cash', ${dana}, now(), ${dana}, 'x', 'c')`.execute(db);
    }
    await up(db);
    const { rows } = await sql<{ id: number; command_id: string; cancel_command_id: string }>`
      SELECT id, command_id, cancel_command_id FROM invoice_manual_payments ORDER BY id`.execute(db);
    expect(rows.map((r) => [r.command_id, r.cancel_command_id])).toEqual([
      ['k', 'c'],
      [`k:${rows[1]?.id}`, `c:${rows[1]?.id}`],
    ]);
    const insert = (by: string) =>
      sql`INSERT INTO invoice_manual_payments (invoice_id, command_id, amount, method, recorded_by)
        VALUES (${invoiceIds[0]}, 'k', 100, 'cash', ${by})`.execute(db);
    await insert(luc);
    await expect(insert(dana)).rejects.toMatchObject({ constraint: 'invoice_manual_payments_command_key' });
    await expect(
      sql`UPDATE invoice_manual_payments SET cancel_command_id = 'c' WHERE id = ${rows[1]?.id}`.execute(db),
    ).rejects.toMatchObject({ constraint: 'invoice_manual_payments_cancel_command_key' });
    await sql`DELETE FROM invoice_manual_payments WHERE recorded_by = ${luc}`.execute(db);
    await down(db);
    await up(db);
  });
});
