import { bidderListQuery } from '@auction/contract';
import { createDb, createPool, migrateToLatest } from '@auction/platform';
import { benchSetup, insertBareAuction, insertGuests, startBenchServices, timedReads } from '@auction/platform/testing';
import { sql } from 'kysely';
import { guestRepository } from '../src/checkIn/guestRepository.ts';

/**
 * `npm run -s bench:bidders -- --guests 5000 [--runs 50]`: an auction with that many guests (a
 * third arrived), and what the console's bidders list waits for on each screen an operator opens:
 * the first page by name, a page sorted by arrival, a search, and the filters together; with the
 * bytes of the answer, and of every guest at once (what the list read before it was paged).
 * Starts its own embedded PostgreSQL.
 */
const {
  counts: { guests: GUESTS, runs: RUNS },
  log,
} = benchSetup('bidders-bench', { guests: 5000, runs: 50 });

const FIRST = ['Léa', 'Éloïse', 'Noah', 'Camille', 'Jean', 'Zoé', 'Félix', 'Maëlle'];
const LAST = ['Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Émond'];

const services = await startBenchServices('bidders-bench');
const pool = createPool(services.postgres.url, 10);
try {
  const db = createDb(pool);
  await migrateToLatest(db);
  const { auctionId } = await insertBareAuction(db);
  await insertGuests(db, auctionId, GUESTS, (i) => ({
    user: {
      first_name: FIRST[i % FIRST.length] as string,
      last_name: `${LAST[i % LAST.length]}${Math.floor(i / LAST.length)}`,
      phone_number: `514${String(i).padStart(7, '0')}`,
    },
    // A third arrived, the latest last.
    bidder: i % 3 === 0 ? { arrived_at: new Date(Date.now() - i * 1000), bidder_number: i / 3 + 1 } : {},
  }));
  await sql`ANALYZE users, auction_bidders`.execute(db);
  const guests = guestRepository(db);
  const screens: Record<string, Record<string, string>> = {
    'first page by name (25)': {},
    'last arrivals first (25)': { sort: 'arrival', direction: 'desc' },
    'search "gauthier 12" (25)': { q: 'gauthier 12' },
    'not arrived, status Visited, page 3 (100)': { arrival: 'waiting', status: '2', currentPage: '3', pageSize: '100' },
  };
  log(`${GUESTS} guests, ${RUNS} runs a screen`);
  const results: Record<string, { p50: number; p95: number; bytes: number; count: number }> = {};
  for (const [name, query] of Object.entries(screens)) {
    const request = bidderListQuery.parse(query);
    const { p50, p95, answer } = await timedReads(RUNS, () => guests.page(auctionId, request));
    results[name] = {
      p50,
      p95,
      bytes: JSON.stringify(answer).length,
      count: answer.count,
    };
  }
  let everyone = 0;
  for (let page = 1; page <= Math.ceil(GUESTS / 200); page += 1) {
    const answer = await guests.page(auctionId, bidderListQuery.parse({ pageSize: '200', currentPage: String(page) }));
    everyone += JSON.stringify(answer.bidders).length;
  }
  console.table(results);
  console.log(`every guest at once: ${Math.round(everyone / 1024)} KiB of JSON`);
} finally {
  await pool.end();
  await services.stop();
}
