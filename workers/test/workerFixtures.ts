import { randomUUID } from 'node:crypto';
import { nickNameSkeleton } from '@auction/contract';
import {
  createLotCommandHandler,
  type LotCommand,
  type LotCommandHandler,
  type LotEvent,
  lotStreamId,
  PostgresEventStore,
} from '@auction/engine';
import { lotConfig } from '@auction/engine/testing';
import {
  createMessageQueue,
  createRedis,
  type Db,
  type HubEvent,
  hubEventsSince,
  type UsersTable,
} from '@auction/platform';
import {
  createTestDatabase,
  eventually,
  startedHandle,
  type TestDatabase,
  testPrefix,
  testRedisUrl,
} from '@auction/platform/testing';
import type { Projections } from '@auction/projections';
import { startTestProjections } from '@auction/projections/testing';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AuctionWorkers, type AuctionWorkersOptions, startAuctionWorkers } from '../src/auctionWorkers.ts';

export const SECOND = 1_000;
export const MINUTE = 60_000;
export const PUBLIC_URL = 'http://auctions.test';

/** A test file's world: its database, Redis prefix, the engine, the projections and (started on demand) the workers. */
export interface World {
  database: TestDatabase;
  db: Db;
  store: PostgresEventStore;
  handler: LotCommandHandler;
  redis: Redis;
  prefix: string;
  projections: Projections;
  messageQueue: Queue;
  startWorkers(overrides?: Partial<AuctionWorkersOptions>): AuctionWorkers;
  close(): Promise<void>;
}

export async function createWorld(options: { messageQueue?: Queue } = {}): Promise<World> {
  const database = await createTestDatabase();
  const store = new PostgresEventStore(database.pool);
  const prefix = testPrefix();
  const redis = createRedis(testRedisUrl());
  const projections = startTestProjections(database, redis, prefix);
  const messageQueue = options.messageQueue ?? createMessageQueue({ connection: { url: testRedisUrl() }, prefix });
  const started: AuctionWorkers[] = [];
  return {
    database,
    db: database.db,
    store,
    handler: createLotCommandHandler(store),
    redis,
    prefix,
    projections,
    messageQueue,
    startWorkers(overrides = {}) {
      const workers = startAuctionWorkers({
        pool: database.pool,
        db: database.db,
        connection: { url: testRedisUrl() },
        prefix,
        hubRedis: redis,
        hubPrefix: prefix,
        messages: messageQueue,
        publicUrl: PUBLIC_URL,
        sweepIntervalMs: 0,
        onError: (error) => console.error(error),
        ...overrides,
      });
      started.push(workers);
      return workers;
    },
    async close() {
      for (const workers of started) await workers.stop().catch(() => undefined);
      await projections.stop();
      if (!options.messageQueue) await messageQueue.close();
      redis.disconnect();
      await database.drop();
    },
  };
}

export interface RunningWorld extends World {
  workers: AuctionWorkers;
}

/** The file's world with its workers started and their first sweep done, closed after the file's tests. */
export function useRunningWorld(overrides: Partial<AuctionWorkersOptions> = {}): RunningWorld {
  let running: RunningWorld | undefined;
  beforeAll(async () => {
    const world = await createWorld();
    const workers = world.startWorkers(overrides);
    await workers.swept;
    running = Object.assign(world, { workers });
  });
  afterAll(async () => {
    await running?.close();
  });
  return startedHandle(() => running, 'the world');
}

/** A bidder's account: a unique username and nickname from `name`, and any other column given. */
export async function createBidder(
  db: Db,
  name = 'bidder',
  columns: Partial<Omit<Insertable<UsersTable>, 'nick_name' | 'nick_name_skeleton'>> = {},
): Promise<string> {
  const unique = `${name}-${randomUUID()}`;
  const row = await db
    .insertInto('users')
    .values({
      username: `${unique}@example.com`,
      password_hash: 'x',
      nick_name: unique,
      nick_name_skeleton: nickNameSkeleton(unique),
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AuctionFixture {
  status?: number;
  datePreOpen?: number | null;
  dateOpen?: number | null;
  dateCompleted?: number | null;
  organizationId?: number;
}

export async function createAuction(db: Db, fixture: AuctionFixture = {}) {
  const organizationId =
    fixture.organizationId ??
    (
      await db
        .insertInto('organizations')
        .values({ name: `org-${randomUUID()}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const date = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms));
  const urlMagicLink = `gala-${randomUUID().slice(0, 8)}`;
  const auction = await db
    .insertInto('auctions')
    .values({
      organization_id: organizationId,
      url_magic_link: urlMagicLink,
      status: fixture.status ?? 3,
      date_pre_open: date(fixture.datePreOpen),
      date_open: date(fixture.dateOpen),
      date_completed: date(fixture.dateCompleted ?? Date.now() + 60 * MINUTE),
      colors: '{}',
      footer: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('auction_translations')
    .values([
      { auction_id: auction.id, language_code: 'en', title_short: 'Spring gala' },
      { auction_id: auction.id, language_code: 'fr', title_short: 'Gala du printemps' },
    ])
    .execute();
  return { auctionId: auction.id, organizationId, urlMagicLink };
}

export async function createClosingGroup(db: Db, auctionId: number, endsAt: number): Promise<number> {
  const group = await db
    .insertInto('closing_groups')
    .values({ auction_id: auctionId, ends_at: new Date(endsAt), translations: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return group.id;
}

export interface LotFixture {
  endsAt: number;
  closingGroupId?: number;
  /** Extension settings in minutes: window W, step E, cap C. */
  extension?: { window: number; step: number; cap: number };
  auctionEndsAt?: number | null;
}

let lotNumber = 0;

/** The lot's reference row and its stream opened through the engine, as the operator API does. */
export async function openLot(world: World, auctionId: number, fixture: LotFixture): Promise<number> {
  const extension = fixture.extension;
  const row = await world.db
    .insertInto('lots')
    .values({
      auction_id: auctionId,
      lot_number: ++lotNumber,
      type: 1,
      starting_bid: 10_00,
      minimum_increment: 1_00,
      closing_group_id: fixture.closingGroupId ?? null,
      date_completed: new Date(fixture.endsAt),
      allows_time_extension: extension !== undefined,
      extension_duration_in_minutes: extension?.step ?? 0,
      extension_duration_maximum_minutes: extension?.cap ?? 0,
      minutes_left_before_allowing_extension: extension?.window ?? 0,
    })
    .returning(['id', 'lot_number'])
    .executeTakeFirstOrThrow();
  await world.db
    .insertInto('lot_translations')
    .values([
      { lot_id: row.id, language_code: 'en', name: 'Cottage weekend' },
      { lot_id: row.id, language_code: 'fr', name: 'Weekend au chalet' },
    ])
    .execute();
  const config = lotConfig({
    lotId: String(row.id),
    auctionId: String(auctionId),
    endsAt: fixture.endsAt,
    auctionEndsAt: fixture.auctionEndsAt === undefined ? null : fixture.auctionEndsAt,
    allowsTimeExtension: extension !== undefined,
    extensionDurationInMinutes: extension?.step ?? 0,
    extensionDurationMaximumMinutes: extension?.cap ?? 0,
    minutesLeftBeforeAllowingExtension: extension?.window ?? 0,
  });
  await send(world.handler, row.id, { type: 'OpenLot', config }, { at: Date.now() - MINUTE, userId: null });
  return row.id;
}

type Body<C> = C extends LotCommand ? Omit<C, 'commandId' | 'userId' | 'at' | 'auctionActive'> : never;

export async function send(
  handler: LotCommandHandler,
  lotId: number,
  body: Body<LotCommand>,
  options: { at?: number; userId?: string | null; commandId?: string } = {},
) {
  const command = {
    commandId: options.commandId ?? randomUUID(),
    userId: options.userId ?? ('bidderId' in body ? body.bidderId : null),
    at: options.at ?? Date.now(),
    auctionActive: true,
    ...body,
  } as LotCommand;
  const outcome = await handler.handle(lotStreamId(lotId), command);
  if (!outcome.ok) throw new Error(`${body.type} on lot ${lotId} refused: ${outcome.reason}`);
  return outcome;
}

export const bid = (world: World, lotId: number, bidderId: string, amount: number) =>
  send(world.handler, lotId, { type: 'PlaceBid', bidderId, amount });

/** The lot's events straight from the store (not through any cache). */
export async function lotEvents(world: World, lotId: number): Promise<LotEvent[]> {
  return (await world.store.readStream(lotStreamId(lotId))) as unknown as LotEvent[];
}

export async function closesOf(world: World, lotId: number) {
  return (await lotEvents(world, lotId)).filter((event) => event.type === 'LotClosed');
}

/** Every hub event published for the auction so far. */
/**
 * One lot per bidder, each bid on by its bidder alone (`amount` plus the bidder's index, in cents)
 * and closing in a moment: waits until every one has closed, won.
 */
export async function closeLotsWonBy(world: World, auctionId: number, bidderIds: string[], amount: number) {
  const endsAt = Date.now() + 1_500;
  const lots: number[] = [];
  for (const [i, bidderId] of bidderIds.entries()) {
    const lotId = await openLot(world, auctionId, { endsAt });
    await bid(world, lotId, bidderId, amount + i);
    lots.push(lotId);
  }
  await eventually(async () => {
    for (const lotId of lots) expect(await closesOf(world, lotId)).toHaveLength(1);
  });
  return lots;
}

export async function hubEvents(world: World, auctionId: number): Promise<HubEvent[]> {
  return (await hubEventsSince(world.redis, auctionId, '0-0', world.prefix)) ?? [];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export { eventually };
