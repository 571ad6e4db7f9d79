import { randomUUID } from 'node:crypto';
import {
  createLotCommandHandler,
  type LotCommand,
  type LotCommandHandler,
  type LotConfig,
  lotStreamId,
  PostgresEventStore,
} from '@auction/engine';
import type { Db } from '@auction/platform';
import { createTestDatabase, insertBareAuction, startedHandle, type TestDatabase } from '@auction/platform/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Projections, startProjections } from '../src/index.ts';
import { fixedPriceConfig, lotConfig, NOW } from './lotStream.ts';

export interface Fixture {
  database: TestDatabase;
  store: PostgresEventStore;
  handler: LotCommandHandler;
  auctionId: number;
}

export async function createFixture(): Promise<Fixture> {
  const database = await createTestDatabase();
  const store = new PostgresEventStore(database.pool);
  return { database, store, handler: createLotCommandHandler(store), auctionId: await createAuction(database.db) };
}

/**
 * A test file's own database with the projections runner following it, started before its tests
 * and stopped after: handles that read the fixture and the runner once they are started.
 */
export function useRunningProjections(): { fixture: Fixture; runner: Projections } {
  let started: { fixture: Fixture; runner: Projections } | undefined;
  beforeAll(async () => {
    const fixture = await createFixture();
    const { pool, db } = fixture.database;
    started = { fixture, runner: startProjections({ pool, db, pollIntervalMs: 10 }) };
  });
  afterAll(async () => {
    await started?.runner.stop();
    await started?.fixture.database.drop();
  });
  return {
    fixture: startedHandle(() => started?.fixture, 'the projections fixture'),
    runner: startedHandle(() => started?.runner, 'the projections runner'),
  };
}

export async function createAuction(db: Db): Promise<number> {
  return (await insertBareAuction(db)).auctionId;
}

let lotNumber = 100;

/** A lots row (1 silent, 3 fixed price); the stream's configuration is what the rules read. */
export async function createLot(db: Db, auctionId: number, type = 1, id?: number): Promise<number> {
  const row = await db
    .insertInto('lots')
    .values({
      ...(id === undefined ? {} : { id }),
      auction_id: auctionId,
      lot_number: ++lotNumber,
      type,
      date_completed: new Date(NOW),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const configFor = (lotId: number, auctionId: number, overrides: Partial<LotConfig> = {}) =>
  (overrides.type === 'fixedPrice' ? fixedPriceConfig : lotConfig)({
    lotId: String(lotId),
    auctionId: String(auctionId),
    ...overrides,
  });

type Body<C> = C extends LotCommand ? Omit<C, 'commandId' | 'userId' | 'at' | 'auctionActive'> : never;

/** Sends a command through the real command handler; `expectOk` fails the test on a refusal. */
export async function send(
  handler: LotCommandHandler,
  lotId: number,
  body: Body<LotCommand>,
  options: { at?: number; commandId?: string; userId?: string | null; expectOk?: boolean } = {},
) {
  const command = {
    commandId: options.commandId ?? randomUUID(),
    userId: options.userId ?? ('bidderId' in body ? body.bidderId : null),
    at: options.at ?? NOW,
    auctionActive: true,
    ...body,
  } as LotCommand;
  const outcome = await handler.handle(lotStreamId(lotId), command);
  if (options.expectOk !== false) expect(outcome, `${body.type} on lot ${lotId}`).toMatchObject({ ok: true });
  return { ...outcome, commandId: command.commandId };
}

export async function openLot(fixture: Fixture, overrides: Partial<LotConfig> = {}, lotsType?: number) {
  const type = lotsType ?? (overrides.type === 'fixedPrice' ? 3 : 1);
  const lotId = await createLot(fixture.database.db, fixture.auctionId, type);
  await send(fixture.handler, lotId, { type: 'OpenLot', config: configFor(lotId, fixture.auctionId, overrides) });
  return lotId;
}

/** Every row of the four tables, for "nothing changed" comparisons. */
export async function snapshot(db: Db) {
  const [views, bids, maxBids, purchases] = await Promise.all([
    db.selectFrom('lot_views').selectAll().orderBy('lot_id').execute(),
    db.selectFrom('lot_bids').selectAll().orderBy('lot_id').orderBy('bid_id').execute(),
    db.selectFrom('lot_max_bids').selectAll().orderBy('lot_id').orderBy('bidder_id').execute(),
    db.selectFrom('lot_purchases').selectAll().orderBy('lot_id').orderBy('purchase_id').execute(),
  ]);
  return { views, bids, maxBids, purchases };
}

export const bidder = () => randomUUID();

export { eventually } from '@auction/platform/testing';
