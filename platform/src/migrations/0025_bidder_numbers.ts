import { type Kysely, sql } from 'kysely';

/**
 * Bidder numbers (docs/console.md "Check-in"): the paddle number a guest is handed at the door of
 * a gala, which the auctioneer calls on stage ("sold to 42") and the console finds a bidder by.
 * Given at check-in, in arrival order from 1 per auction, from the auction's own counter (so two
 * volunteers checking guests in at once never give the same number) and never given again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auctions ADD COLUMN last_bidder_number integer NOT NULL DEFAULT 0;
    ALTER TABLE auction_bidders ADD COLUMN bidder_number integer CHECK (bidder_number > 0);
    CREATE UNIQUE INDEX auction_bidders_number ON auction_bidders (auction_id, bidder_number)
      WHERE bidder_number IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX auction_bidders_number;
    ALTER TABLE auction_bidders DROP COLUMN bidder_number;
    ALTER TABLE auctions DROP COLUMN last_bidder_number;
  `.execute(db);
}
