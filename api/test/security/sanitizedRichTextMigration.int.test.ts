import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../../../platform/src/migrations/0011_sanitized_rich_text.ts';
import { useTestApp } from '../useTestApp.ts';

/** Rich text stored before the API sanitised it is cleaned once by migration 0011. */
const test = useTestApp();

const PLANTED = '<p>Old text</p><img src=x onerror="alert(1)"><script>alert(1)</script>';

describe('migration 0011', () => {
  it('sanitises the lot texts and tab contents already stored, leaving clean ones as they are', async () => {
    const db = test.database.db;
    const auctionId = await test.auctionId('demo-gala');
    const [planted, untouched] = await db
      .selectFrom('lots')
      .select('id')
      .where('auction_id', '=', auctionId)
      .orderBy('lot_number')
      .limit(2)
      .execute();
    if (!planted || !untouched) throw new Error('the demo has lots');
    await db
      .updateTable('lot_translations')
      .set({
        description: PLANTED,
        information: PLANTED,
        shipping_information: '<p>Pickup or <strong>delivery</strong></p>',
      })
      .where('lot_id', '=', planted.id)
      .execute();
    const before = await db
      .selectFrom('lot_translations')
      .select('description')
      .where('lot_id', '=', untouched.id)
      // In a stable order: the migration rewrites these rows too (their text has tags), which moves them.
      .orderBy('language_code')
      .execute();
    const tab = await db
      .insertInto('auction_tabs')
      .values({
        auction_id: auctionId,
        translations: JSON.stringify({ en: { name: 'Old', url: 'old', title: 'Old', content: PLANTED } }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Migrations are written against an untyped database.
    await up(db as unknown as Kysely<unknown>);

    const rows = await db.selectFrom('lot_translations').selectAll().where('lot_id', '=', planted.id).execute();
    for (const row of rows) {
      expect(row.description).toBe('<p>Old text</p>');
      expect(row.information).toBe('<p>Old text</p>');
      expect(row.shipping_information).toBe('<p>Pickup or <strong>delivery</strong></p>');
    }
    expect(
      await db
        .selectFrom('lot_translations')
        .select('description')
        .where('lot_id', '=', untouched.id)
        .orderBy('language_code')
        .execute(),
    ).toEqual(before);
    const stored = await db
      .selectFrom('auction_tabs')
      .select('translations')
      .where('id', '=', tab.id)
      .executeTakeFirstOrThrow();
    expect(stored.translations.en).toEqual({ name: 'Old', url: 'old', title: 'Old', content: '<p>Old text</p>' });
  });
});
