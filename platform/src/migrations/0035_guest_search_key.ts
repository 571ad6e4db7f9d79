import { type Kysely, sql } from 'kysely';

/**
 * The guests' search (the console's bidders list and the door's check-in) matches names and
 * emails without case or French accents. Folding every account's name at every keystroke cost
 * about 20 µs a row (PostgreSQL's translate() on multibyte text): 180 ms for a gala of 5,000.
 * The folded text is now kept on the account, written by PostgreSQL itself whenever a name or
 * the email changes, so a search compares plain text (docs/benchmarks.md "Bidders list").
 *
 * The letters folded are those of this migration, fixed: the search folds what is typed the same
 * way (`api/src/checkIn/guestSearch.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN search_key text GENERATED ALWAYS AS (
      translate(lower(first_name || ' ' || last_name || ' ' || nick_name || ' ' || username),
        'àâäáãéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaeeeeiiiiooooouuuucnyoa')
    ) STORED`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN search_key`.execute(db);
}
