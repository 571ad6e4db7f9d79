import type { Database, Db } from '@auction/platform';
import { PHOTO_FILE_NAME_SQL_PATTERN, photoFileNamesIn } from '@auction/platform/media';
import { sql } from 'kysely';

type Column = { [T in keyof Database]: { table: T; column: keyof Database[T] & string } }[keyof Database];

/**
 * Every column that may name a stored photo. The photos' own (a lot photo's two sizes, a banner's
 * address), and every other address or text an operator writes, where a stored photo's address
 * may be pasted: the auction's language banners, links, a lot's external page, rich text (links
 * are allowed in it) and the auction's tabs and footer. A file named anywhere here is kept.
 */
export const PHOTO_ADDRESS_COLUMNS: readonly Column[] = [
  { table: 'lot_photos', column: 'full_path_large' },
  { table: 'lot_photos', column: 'full_path_medium' },
  { table: 'auction_photos', column: 'full_path' },
  { table: 'auction_photos', column: 'video_url' },
  { table: 'auction_photos', column: 'additional_link_url' },
  { table: 'auctions', column: 'banner_english' },
  { table: 'auctions', column: 'banner_french' },
  { table: 'auctions', column: 'link_english' },
  { table: 'auctions', column: 'link_french' },
  { table: 'auctions', column: 'footer' },
  { table: 'auction_tabs', column: 'translations' },
  { table: 'auction_translations', column: 'description' },
  { table: 'lots', column: 'additional_info_external_url' },
  { table: 'lot_translations', column: 'description' },
  { table: 'lot_translations', column: 'information' },
  { table: 'lot_translations', column: 'shipping_information' },
];

/**
 * The names of the stored photos the rows name, read in one statement (one snapshot): PostgreSQL
 * keeps only the values that hold a stored name, and the names are taken out of them here.
 */
export async function readReferencedPhotoNames(db: Db): Promise<Set<string>> {
  const selects = PHOTO_ADDRESS_COLUMNS.map(
    ({ table, column }) =>
      sql`SELECT ${sql.ref(column)}::text AS address FROM ${sql.table(table)} WHERE ${sql.ref(column)}::text ~ ${PHOTO_FILE_NAME_SQL_PATTERN}`,
  );
  const { rows } = await sql<{ address: string }>`${sql.join(selects, sql` UNION ALL `)}`.execute(db);
  return new Set(rows.flatMap((row) => photoFileNamesIn(row.address)));
}
