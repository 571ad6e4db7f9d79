/**
 * The names of the files the API stores (docs/operator-api.md "Lot photos"): a random id of ours and
 * the size, so no caller-chosen text reaches a path, and the workers know which files of the store
 * are photos they may collect and which are someone else's.
 */

/** A lot photo's two sizes (the lot page's large, the cards' medium) and a banner's one. */
export type PhotoFileSize = 'large' | 'medium' | 'banner';

/** A stored file's name: an id of ours and the size. */
export function photoFileName(id: string, size: PhotoFileSize): string {
  return `${id}-${size}.webp`;
}

const NAME = '[0-9a-f-]{36}-(?:large|medium|banner)\\.webp';

/** The names `photoFileName` makes, and nothing else. */
export const PHOTO_FILE_NAME = new RegExp(`^${NAME}$`);

/**
 * The stored names an address or a text holds, wherever they sit in it (`/api/media/lot-photos/…`,
 * the same on another host, after a query string…): a row naming a file in any way keeps it.
 */
export function photoFileNamesIn(text: string): string[] {
  return text.match(new RegExp(NAME, 'g')) ?? [];
}

/** The same pattern for PostgreSQL's `~`, which keeps only the rows that may name a file. */
export const PHOTO_FILE_NAME_SQL_PATTERN = NAME;
