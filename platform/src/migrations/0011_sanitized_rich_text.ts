import { type Kysely, sql } from 'kysely';
import { sanitizeRichText } from '../richText/sanitizeRichText.ts';

/**
 * Rich text written before the API sanitised it (lot description, information and shipping text,
 * auction tab content) is passed once through the same sanitiser, so every stored row meets the
 * allowlist and reads need not sanitise. Only rows holding markup (`<`) can change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const lots = await sql<{
    lot_id: number;
    language_code: string;
    description: string;
    information: string;
    shipping_information: string;
  }>`
    SELECT lot_id, language_code, description, information, shipping_information FROM lot_translations
    WHERE description LIKE '%<%' OR information LIKE '%<%' OR shipping_information LIKE '%<%'
  `.execute(db);
  for (const row of lots.rows) {
    await sql`
      UPDATE lot_translations
      SET description = ${sanitizeRichText(row.description)}, information = ${sanitizeRichText(row.information)},
        shipping_information = ${sanitizeRichText(row.shipping_information)}
      WHERE lot_id = ${row.lot_id} AND language_code = ${row.language_code}
    `.execute(db);
  }
  const tabs = await sql<{ id: number; translations: Record<string, { content?: unknown }> }>`
    SELECT id, translations FROM auction_tabs WHERE translations::text LIKE '%<%'
  `.execute(db);
  for (const tab of tabs.rows) {
    const translations = Object.fromEntries(
      Object.entries(tab.translations).map(([language, text]) => [
        language,
        typeof text?.content === 'string' ? { ...text, content: sanitizeRichText(text.content) } : text,
      ]),
    );
    await sql`UPDATE auction_tabs SET translations = ${JSON.stringify(translations)}::jsonb WHERE id = ${tab.id}`.execute(
      db,
    );
  }
}

/** The removed markup is not kept: nothing to restore. */
export async function down(): Promise<void> {}
