import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { nickNameSkeleton } from '@auction/contract';
import {
  accountLinks,
  createDb,
  createMessageQueue,
  createPool,
  enqueueMessages,
  migrateToLatest,
} from '@auction/platform';
import { announcementMessages, readAnnouncementGuests } from '@auction/platform/announcements';
import { benchOption, insertBareAuction, percentileMs, roundMs, startBenchServices } from '@auction/platform/testing';
import { sql } from 'kysely';
import { announcements } from '../src/announcements/announcements.ts';

/**
 * `npm run -s bench:announcements -- --guests 1000 [--sends 10] [--json FILE]`: an auction with
 * that many guests, each with an email address and a phone number, the general switches on. Times
 * what a manager waits for (a send at once to all of them by email and SMS: the guests read, the
 * messages planned, one `addBulk` of two per guest, the row marked) and what the console's list
 * costs once every message of the sends is recorded as sent (it is read every 3 s while messages
 * are on their way). Starts its own embedded PostgreSQL and Redis; nothing is sent (no messages
 * worker runs).
 */
const GUESTS = Number(benchOption('guests', '1000'));
const SENDS = Number(benchOption('sends', '10'));
const JSON_FILE = benchOption('json', '');
const log = (line: string) => console.error(`[announcement-bench] ${line}`);

const services = await startBenchServices('announcement-bench');
const { postgres } = services;
const pool = createPool(postgres.url, 10);
const messages = createMessageQueue({ connection: { url: services.redisUrl }, prefix: 'bench:' });

try {
  const db = createDb(pool);
  await migrateToLatest(db);
  const { organizationId, auctionId } = await insertBareAuction(db, {
    date_completed: new Date(Date.now() + 2 * 3600_000),
  });
  const guests = Array.from({ length: GUESTS }, (_, i) => {
    const nickName = `guest-${i}-${randomUUID()}`;
    return {
      username: `guest-${i}-${randomUUID()}@example.com`,
      password_hash: 'x',
      nick_name: nickName,
      nick_name_skeleton: nickNameSkeleton(nickName),
      first_name: 'Léa',
      phone_number: `514${String(i).padStart(7, '0')}`,
    };
  });
  const users = [];
  for (let i = 0; i < guests.length; i += 500) {
    users.push(
      ...(await db
        .insertInto('users')
        .values(guests.slice(i, i + 500))
        .returning('id')
        .execute()),
    );
  }
  for (let i = 0; i < users.length; i += 500) {
    await db
      .insertInto('auction_bidders')
      .values(users.slice(i, i + 500).map((user) => ({ auction_id: auctionId, user_id: user.id, status: 2 })))
      .execute();
  }
  const manager = users[0]?.id as string;

  const service = announcements({
    db,
    messages,
    links: accountLinks('http://auctions.bench'),
    hub: { publish: async () => {} },
    scheduler: { auctionChanged: async () => {} },
  });
  const managed = {
    auctionId,
    organizationId,
    auctionStatus: 3,
    userId: manager,
    auctionActive: true,
  };

  log(`${GUESTS} guests; ${SENDS} sends at once by email and SMS`);
  // Where a send's time goes: the guests' read alone, then the whole send.
  const readMs: number[] = [];
  for (let i = 0; i < SENDS; i += 1) {
    const started = performance.now();
    await readAnnouncementGuests(db, auctionId, organizationId);
    readMs.push(performance.now() - started);
  }
  // …and the queue alone: one addBulk of the send's messages (under other ids, so each is new).
  const queueMs: number[] = [];
  const readGuests = await readAnnouncementGuests(db, auctionId, organizationId);
  for (let i = 0; i < SENDS; i += 1) {
    const jobs = announcementMessages(
      readGuests,
      { message: { en: 'Queue alone' }, channels: ['email', 'sms'], audience: 'all' },
      {
        announcementId: 1_000_000 + i,
        organizationId,
        names: {},
        urlMagicLink: 'bench',
        link: () => 'http://auctions.bench/encans/bench',
      },
    );
    const started = performance.now();
    await enqueueMessages(messages, jobs);
    queueMs.push(performance.now() - started);
  }
  const sendMs: number[] = [];
  for (let i = 0; i < SENDS; i += 1) {
    const started = performance.now();
    const answer = await service.send(
      managed,
      { message: { en: `Notice ${i}`, fr: `Avis ${i}` }, channels: ['email', 'sms'], audience: 'all' },
      randomUUID(),
    );
    sendMs.push(performance.now() - started);
    if (answer.announcement.delivery.email.recipients !== GUESTS) throw new Error('not every guest was reached');
  }

  // Every message recorded as sent, as the messages worker leaves them.
  const ids = (await db.selectFrom('auction_announcements').select('id').execute()).map((row) => row.id);
  for (const id of ids) {
    for (let i = 0; i < users.length; i += 1000) {
      await db
        .insertInto('message_deliveries')
        .values(
          users.slice(i, i + 1000).flatMap((user) =>
            (['email', 'sms'] as const).map((channel) => ({
              message_id: `announcement:${id}:${user.id}:${channel}`,
              channel,
              template: 'auctionAnnouncementEmail',
              status: 'sent' as const,
            })),
          ),
        )
        .execute();
    }
  }
  await sql`ANALYZE message_deliveries`.execute(db);
  const listMs: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    const list = await service.list(managed);
    listMs.push(performance.now() - started);
    if (list.announcements[0]?.delivery.sms.sent !== GUESTS) throw new Error('the list did not count the deliveries');
  }

  const figures = {
    guests: GUESTS,
    sends: SENDS,
    cpus: cpus().length,
    guestsReadMs: { p50: roundMs(percentileMs(readMs, 50)), max: roundMs(Math.max(...readMs)) },
    queueMs: { p50: roundMs(percentileMs(queueMs, 50)), max: roundMs(Math.max(...queueMs)) },
    sendMs: { p50: roundMs(percentileMs(sendMs, 50)), max: roundMs(Math.max(...sendMs)) },
    listMs: { p50: roundMs(percentileMs(listMs, 50)), p95: roundMs(percentileMs(listMs, 95)) },
    deliveryRows: ids.length * GUESTS * 2,
  };
  log(JSON.stringify(figures));
  if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify(figures, null, 2));
} finally {
  await messages.close();
  await pool.end();
  await services.stop();
}
