import { createLotCommandHandler, PostgresEventStore } from '@auction/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineBidding } from '../src/demo/engineBidding.ts';
import { loadDemo } from '../src/demo/loadDemo.ts';
import { startTestApp, type TestApp } from './testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counts() {
  const { rows } = await t.database.pool.query(
    `SELECT (SELECT count(*) FROM auctions)::int AS auctions, (SELECT count(*) FROM lots)::int AS lots,
            (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM events)::int AS events`,
  );
  return rows[0];
}

describe('health', () => {
  it('reports PostgreSQL and Redis reachable with a 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', postgres: { ok: true }, redis: { ok: true } });
  });
});

describe('GET /api/auctions', () => {
  it('lists the demo auctions: Active, PreOpen and Completed, never Planning or Archived', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auctions' });
    expect(response.statusCode).toBe(200);
    const auctions = response.json() as Array<{
      urlMagicLink: string;
      status: number;
      translations: Array<{ languageCode: string }>;
    }>;
    expect(auctions.map((a) => [a.urlMagicLink, a.status]).sort()).toEqual([
      ['demo-automne', 4],
      ['demo-gala', 3],
      ['demo-printemps', 2],
    ]);
    expect(auctions.every((a) => a.translations.map((tr) => tr.languageCode).join() === 'en,fr')).toBe(true);
  });

  it('finds one auction by its urlMagicLink, case-insensitively, and answers 400/404 with a key', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/auctions/url-magic-link?urlMagicLink=DEMO-GALA' });
    expect(found.json()).toMatchObject({ urlMagicLink: 'demo-gala', status: 3 });
    const missing = await t.app.inject({ method: 'GET', url: '/api/auctions/url-magic-link?urlMagicLink=nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'auction_not_found' });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/auctions/url-magic-link' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: 'validation_failed' });
  });
});

describe('demo data', () => {
  it('loading it twice changes nothing', async () => {
    const before = await counts();
    const handler = createLotCommandHandler(new PostgresEventStore(t.database.pool));
    const again = await loadDemo(t.database.db, (adminId) => engineBidding(t.database.db, handler, adminId));
    expect(again.loaded).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('opened every lot in the engine and played the completed auction to winners', async () => {
    const { rows } = await t.database.pool.query(
      `SELECT l.id, a.url_magic_link, l.closing_group_id,
              (SELECT count(*) FROM events e WHERE e.stream_id = 'lot-' || l.id AND e.type = 'LotOpened')::int AS opened,
              (SELECT e.data->>'winnerId' FROM events e WHERE e.stream_id = 'lot-' || l.id AND e.type = 'LotClosed') AS winner
       FROM lots l JOIN auctions a ON a.id = l.auction_id`,
    );
    expect(rows.every((r) => r.opened === 1)).toBe(true);
    expect(rows.filter((r) => r.url_magic_link === 'demo-automne' && r.winner).length).toBeGreaterThanOrEqual(2);
    const galaGroups = new Set(rows.filter((r) => r.url_magic_link === 'demo-gala').map((r) => r.closing_group_id));
    expect(galaGroups.size).toBe(3);
  });

  it("sets the organisers' reminders: before the gala's first wave closes, and before its end", async () => {
    const { rows } = await t.database.pool.query(
      `SELECT an.minutes_before_end, an.closing_group_id, g.ends_at, an.queued_at, an.cancelled_at
       FROM auction_announcements an
       JOIN auctions a ON a.id = an.auction_id AND a.url_magic_link = 'demo-gala' AND a.status = 3
       LEFT JOIN closing_groups g ON g.id = an.closing_group_id
       ORDER BY an.closing_group_id NULLS LAST`,
    );
    expect(rows).toHaveLength(2);
    const [firstWave, end] = rows;
    const { rows: groups } = await t.database.pool.query(
      `SELECT g.id FROM closing_groups g JOIN auctions a ON a.id = g.auction_id
       WHERE a.url_magic_link = 'demo-gala' AND a.status = 3 ORDER BY g.ends_at LIMIT 1`,
    );
    expect(firstWave).toMatchObject({ minutes_before_end: 10, closing_group_id: groups[0]?.id, queued_at: null });
    expect(end).toMatchObject({ minutes_before_end: 10, closing_group_id: null, queued_at: null, cancelled_at: null });
  });

  it('archives an ended demo and loads a fresh one relative to now', async () => {
    const later = new Date(Date.now() + 3 * 24 * 3_600_000);
    const handler = createLotCommandHandler(new PostgresEventStore(t.database.pool));
    const result = await loadDemo(t.database.db, (adminId) => engineBidding(t.database.db, handler, adminId), later);
    expect(result).toEqual({ loaded: true, archived: 3 });
    const response = await t.app.inject({ method: 'GET', url: '/api/auctions' });
    const gala = (response.json() as Array<{ urlMagicLink: string; dateCompleted: string }>).find(
      (a) => a.urlMagicLink === 'demo-gala',
    );
    expect(new Date(gala?.dateCompleted ?? 0).getTime()).toBeGreaterThan(later.getTime());
  });
});
