import { type Kysely, sql } from 'kysely';

/**
 * A tax is named in each language, like every other name an organisation gives (its teams, an
 * auction's categories): a French invoice reads « TPS », an English one "GST". The organisation's
 * rates and the taxes already invoiced both keep their names as `{ fr, en }`; a name written
 * before this migration stands for both languages, as it was printed on both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organization_tax_rates ADD COLUMN names jsonb;
    UPDATE organization_tax_rates SET names = jsonb_build_object('fr', name, 'en', name);
    ALTER TABLE organization_tax_rates ALTER COLUMN names SET NOT NULL, DROP COLUMN name;

    ALTER TABLE invoice_taxes ADD COLUMN names jsonb;
    UPDATE invoice_taxes SET names = jsonb_build_object('fr', name, 'en', name);
    ALTER TABLE invoice_taxes ALTER COLUMN names SET NOT NULL, DROP COLUMN name;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organization_tax_rates ADD COLUMN name text;
    UPDATE organization_tax_rates SET name = coalesce(names->>'en', names->>'fr', '');
    ALTER TABLE organization_tax_rates ALTER COLUMN name SET NOT NULL, DROP COLUMN names;

    ALTER TABLE invoice_taxes ADD COLUMN name text;
    UPDATE invoice_taxes SET name = coalesce(names->>'en', names->>'fr', '');
    ALTER TABLE invoice_taxes ALTER COLUMN name SET NOT NULL, DROP COLUMN names;
  `.execute(db);
}
