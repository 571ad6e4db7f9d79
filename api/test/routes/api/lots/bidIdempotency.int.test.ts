import { randomBytes, randomUUID } from 'node:crypto';
import { createLotCommandHandler, lotStreamId, PostgresEventStore } from '@auction/engine';
import { testRedisUrl } from '@auction/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/app.ts';
import { bearer, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { withGalaStatus } from '../../../fixtures/galaStatus.ts';
import { openLot as openGalaLot } from '../../../fixtures/lots.ts';
import { TEST_PUBLIC_URL } from '../../../testApp.ts';
import { useTestApp } from '../../../useTestApp.ts';

const jwtSecret = randomBytes(32).toString('hex');
const test = useTestApp({ app: { jwtSecret } });
/** A second API process on the same database: its own engine handler and cache. */
let other: FastifyInstance;
beforeAll(async () => {
  const eventStore = new PostgresEventStore(test.database.pool);
  other = await buildApp({
    db: test.database.db,
    pool: test.database.pool,
    redis: test.redis,
    lotCommands: createLotCommandHandler(eventStore),
    eventStore,
    messageQueue: test.messaging.queue,
    jwtSecret,
    publicUrl: TEST_PUBLIC_URL,
    logLevel: 'warn',
    rateLimitNamespace: test.prefix,
    hub: { redisUrl: testRedisUrl(), redisPrefix: test.prefix },
  });
});
afterAll(async () => {
  await other?.close();
});

/** A fresh lot of the gala; `fixed` makes it another sale type. */
const openLot = (fixed: { type: number; starting_bid: number | null; multi_sale_price: number } | null = null) =>
  openGalaLot(test, fixed ?? {});

function bid(app: FastifyInstance, token: string, lotId: number, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/bids/auctionlotitem/${lotId}/bid`,
    headers: bearer(token),
    payload: { auctionLotItem_Id: lotId, ...body },
  });
}

async function bidsOf(lotId: number) {
  const { rows } = await test.database.pool.query<{ user_id: string; amount: number }>(
    `SELECT meta->>'userId' AS user_id, (data->>'amount')::int AS amount FROM events
     WHERE stream_id = $1 AND type = 'BidPlaced' ORDER BY stream_version`,
    [lotStreamId(lotId)],
  );
  return rows;
}

describe('bids are idempotent by a key scoped to the bidder (Stripe semantics)', () => {
  it('answers the same key and body with the first acceptance, in this process and another, appending nothing', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const commandId = randomUUID();
    const first = await bid(test.app, alice.token, lotId, { amount: 15, commandId });
    expect(first.statusCode).toBe(200);
    for (const app of [test.app, other]) {
      const retry = await bid(app, alice.token, lotId, { amount: 15, commandId });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ message: 'bid_successful', bid: first.json().bid });
    }
    expect(first.json().bid.commandId).toBe(commandId);
    expect(await bidsOf(lotId)).toEqual([{ user_id: alice.id, amount: 1500 }]);
  });

  it('answers the same key and body with the first refusal in another process, though it would now be accepted', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const commandId = randomUUID();
    const refused = await withGalaStatus(test, 2, () => bid(test.app, alice.token, lotId, { amount: 15, commandId }));
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'auctionNotActive']);

    for (const app of [other, test.app]) {
      const retry = await bid(app, alice.token, lotId, { amount: 15, commandId });
      expect([retry.statusCode, retry.json().message]).toEqual([409, 'auctionNotActive']);
    }
    expect(await bidsOf(lotId)).toEqual([]);
    const fresh = await bid(other, alice.token, lotId, { amount: 15, commandId: randomUUID() });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses the same key with another amount or kind with 422 idempotency_key_reused and changes nothing', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const commandId = randomUUID();
    await bid(test.app, alice.token, lotId, { amount: 15, commandId });
    for (const app of [test.app, other]) {
      for (const body of [{ amount: 99 }, { amount: 15, isMax: true }]) {
        const reused = await bid(app, alice.token, lotId, { ...body, commandId });
        expect([reused.statusCode, reused.json().message]).toEqual([422, 'idempotency_key_reused']);
      }
    }
    const header = await test.app.inject({
      method: 'PATCH',
      url: `/api/bids/modify-max-bid?amount=40&auctionLotItemId=${lotId}&userId=${alice.id}`,
      headers: { ...bearer(alice.token), 'idempotency-key': commandId },
    });
    expect([header.statusCode, header.json().message]).toEqual([422, 'idempotency_key_reused']);
    expect(await bidsOf(lotId)).toEqual([{ user_id: alice.id, amount: 1500 }]);
  });

  it("treats another user's use of the same key as a command of their own", async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const bob = await registerConfirmed(test);
    const commandId = randomUUID();
    const first = await bid(test.app, alice.token, lotId, { amount: 15, commandId });
    const second = await bid(other, bob.token, lotId, { amount: 20, commandId });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().standing).toMatchObject({ leaderUserId: bob.id, price: { value: 20 } });
    expect(await bidsOf(lotId)).toEqual([
      { user_id: alice.id, amount: 1500 },
      { user_id: bob.id, amount: 2000 },
    ]);
  });

  it('refuses the same key on another lot with 422, not an error', async () => {
    const [a, b] = [await openLot(), await openLot()];
    const alice = await registerConfirmed(test);
    const commandId = randomUUID();
    expect((await bid(test.app, alice.token, a, { amount: 15, commandId })).statusCode).toBe(200);
    for (const app of [test.app, other]) {
      const elsewhere = await bid(app, alice.token, b, { amount: 15, commandId });
      expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([422, 'idempotency_key_reused']);
    }
    expect(await bidsOf(b)).toEqual([]);
  });

  it('refuses only the offender inside a busy batch: every other bidder is accepted', async () => {
    // Buys of an unlimited fixed-price lot and first bids on fresh lots: all acceptable in any order.
    const hot = await openLot({ type: 3, starting_bid: null, multi_sale_price: 2500 });
    const lots = await Promise.all(Array.from({ length: 8 }, () => openLot()));
    const bidders = await Promise.all(Array.from({ length: 6 }, () => registerConfirmed(test)));
    const [offender, ...others] = bidders as [(typeof bidders)[number], ...typeof bidders];
    const usedKey = randomUUID();
    expect(
      (await bid(test.app, offender.token, lots[0] as number, { amount: 10, commandId: usedKey })).statusCode,
    ).toBe(200);

    const requests: Array<{ path: string; lotId: number; token: string; body: Record<string, unknown> }> = [];
    for (let i = 0; i < 30; i++) {
      const token = (others[i % others.length] as (typeof bidders)[number]).token;
      requests.push({ path: 'buy', lotId: hot, token, body: { quantity: 1, commandId: randomUUID() } });
    }
    for (const [i, lotId] of lots.slice(1).entries()) {
      const token = (others[i % others.length] as (typeof bidders)[number]).token;
      requests.push({ path: 'bid', lotId, token, body: { amount: 10, commandId: randomUUID() } });
    }
    const offenders = [15, requests.length + 1];
    requests.splice(15, 0, {
      path: 'buy',
      lotId: hot,
      token: offender.token,
      body: { quantity: 1, commandId: usedKey },
    });
    requests.push({
      path: 'bid',
      lotId: lots[1] as number,
      token: offender.token,
      body: { amount: 50, commandId: usedKey },
    });
    const answers = await Promise.all(
      requests.map((r) =>
        test.app.inject({
          method: 'POST',
          url: `/api/bids/auctionlotitem/${r.lotId}/${r.path}`,
          headers: bearer(r.token),
          payload: r.body,
        }),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      if (offenders.includes(i))
        expect([answer.statusCode, answer.json().message]).toEqual([422, 'idempotency_key_reused']);
      else expect(answer.statusCode, `${i}: ${answer.body}`).toBe(200);
    }
    const { rows } = await test.database.pool.query(
      `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'ItemPurchased'`,
      [lotStreamId(hot)],
    );
    expect(rows[0].n).toBe(30);
    for (const lotId of lots.slice(1)) expect(await bidsOf(lotId)).toHaveLength(1);
  });

  it('shows opaque bid ids in the public bid history, never the bidder’s key', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const commandId = `visible-${randomUUID()}`;
    expect((await bid(test.app, alice.token, lotId, { amount: 15, commandId })).statusCode).toBe(200);
    await test.projections.caughtUp();
    const history = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/refresh-bids/${lotId}` });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(1);
    expect(history.body).not.toContain(commandId);
    expect(history.json()[0].id).toMatch(/^[A-Za-z0-9_-]{27}#0$/);
  });
});

describe('the Idempotency-Key header', () => {
  const keyed = (token: string, lotId: number, key: string, body: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${lotId}/buy`,
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: body,
    });

  it('is read like the body commandId: refused when too long or too short, never cut nor ignored', async () => {
    const lotId = await openLot({ type: 3, starting_bid: null, multi_sale_price: 2500 });
    const alice = await registerConfirmed(test);
    // Two keys sharing their first 100 characters were the same command once the header was cut.
    const long = 'k'.repeat(100);
    for (const key of [`${long}-purchase-1`, `${long}-purchase-2`]) {
      const refused = await keyed(alice.token, lotId, key, { quantity: 1 });
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'validation_failed']);
      expect(refused.json().messages).toEqual(['field_too_long']);
    }
    const bodyTooLong = await keyed(alice.token, lotId, randomUUID(), { quantity: 1, commandId: `${long}-x` });
    expect(bodyTooLong.json().messages).toEqual(['field_too_long']);
    const short = await keyed(alice.token, lotId, 'abc', { quantity: 1 });
    expect([short.statusCode, short.json().messages]).toEqual([400, ['field_too_short']]);
    const nothingBought = await test.database.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', lotStreamId(lotId))
      .where('type', '=', 'ItemPurchased')
      .execute();
    expect(nothingBought).toEqual([]);
    // A key of 100 characters is a key: given again, it is the same purchase.
    const exact = await keyed(alice.token, lotId, long, { quantity: 1 });
    const again = await keyed(alice.token, lotId, ` ${long} `, { quantity: 1 });
    expect([exact.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().standing.soldQuantity).toBe(1);
  });

  it('refuses a header and a body commandId that name two different commands', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const key = randomUUID();
    const differ = await test.app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${lotId}/bid`,
      headers: { ...bearer(alice.token), 'idempotency-key': randomUUID() },
      payload: { amount: 15, commandId: key },
    });
    expect([differ.statusCode, differ.json().message]).toEqual([400, 'validation_failed']);
    expect(await bidsOf(lotId)).toEqual([]);
    const same = await test.app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${lotId}/bid`,
      headers: { ...bearer(alice.token), 'idempotency-key': key },
      payload: { amount: 15, commandId: key },
    });
    expect(same.statusCode).toBe(200);
  });
});
