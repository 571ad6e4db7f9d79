import { randomUUID } from 'node:crypto';
import { createDb, createPool } from '@auction/platform';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/errors.ts';
import { bearer, login } from '../accounts/accountFlows.ts';
import { useTestApp } from '../useTestApp.ts';

const test = useTestApp();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    headers: admin,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function fixture() {
  const organization = await call('POST', '/api/admin/organizations', { name: `Fondation ${randomUUID()}` });
  const organizationId = organization.json().id as number;
  const auction = await call('POST', '/api/admin/auctions', {
    organizationId,
    urlMagicLink: `gala-${randomUUID().slice(0, 8)}`,
    status: 3,
    translations: { en: { titleShort: 'Spring gala' } },
    dateOpen: inHours(-1),
    dateCompleted: inHours(4),
  });
  const auctionId = auction.json().id as number;
  const team = await call('POST', `/api/admin/organizations/${organizationId}/teams`, {
    translations: { en: 'Blue' },
  });
  const category = await call('POST', `/api/admin/auctions/${auctionId}/categories`, {
    translations: { en: 'Trips' },
  });
  const tab = await call('POST', `/api/admin/auctions/${auctionId}/tabs`, {
    translations: { en: { name: 'Rules', url: 'rules' } },
  });
  const group = await call('POST', `/api/admin/auctions/${auctionId}/closing-groups`, {
    translations: { en: 'First wave' },
    dateCompleted: inHours(3),
  });
  const lot = await call('POST', `/api/admin/auctions/${auctionId}/lots`, {
    lotNumber: 7,
    translations: { en: { name: 'Weekend in Charlevoix' } },
    startingBid: 100,
    minimumIncrement: 10,
    dateCompleted: inHours(2),
  });
  for (const created of [organization, auction, team, category, tab, group, lot]) {
    expect(created.statusCode, created.body).toBe(201);
  }
  return {
    organizationId,
    auctionId,
    teamId: team.json().id as number,
    categoryId: category.json().id as number,
    tabId: tab.json().id as number,
    groupId: group.json().id as number,
    lotId: lot.json().id as number,
  };
}

/** The operator tables an edit could touch. */
async function snapshot() {
  const tables = [
    'organizations',
    'organization_teams',
    'item_categories',
    'auction_tabs',
    'closing_groups',
    'lots',
    'lot_translations',
    'auctions',
  ] as const;
  const rows: Record<string, unknown> = {};
  // In a stable order: an unordered read comes back in the rows' places on disk, which an update moves.
  for (const table of tables) {
    const read = await test.database.db.selectFrom(table).selectAll().execute();
    rows[table] = read.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

describe('bad input is a 4xx with a message key', () => {
  it('refuses a NUL byte in a path or query parameter', async () => {
    const inPath = await test.app.inject({ method: 'GET', url: '/api/auctions/demo%00gala' });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toMatchObject({ message: 'validation_failed', messages: ['invalid_value'] });
    const inQuery = await test.app.inject({
      method: 'GET',
      url: '/api/admin/auctions?organizationId=1%00',
      headers: admin,
    });
    expect(inQuery.statusCode).toBe(400);
    const inBody = await call('POST', '/api/admin/organizations', { name: 'Fondation\u0000' });
    expect(inBody.statusCode).toBe(400);
    // A lone surrogate has no UTF-8 either: PostgreSQL refuses it in text and jsonb.
    const surrogate = await call('POST', '/api/admin/organizations', { name: 'Fondation \ud800' });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().messages).toEqual(['invalid_value']);
  });

  it('refuses ids beyond PostgreSQL integers', async () => {
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', '1e3x']) {
      const response = await call('GET', `/api/admin/auctions/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toBe('validation_failed');
    }
    expect((await call('GET', '/api/admin/auctions/2147483647')).statusCode).toBe(404);
  });

  it('refuses an empty PATCH with field_required and changes nothing', async () => {
    const ids = await fixture();
    const paths = [
      `/api/admin/organizations/${ids.organizationId}`,
      `/api/admin/teams/${ids.teamId}`,
      `/api/admin/categories/${ids.categoryId}`,
      `/api/admin/tabs/${ids.tabId}`,
      `/api/admin/closing-groups/${ids.groupId}`,
      `/api/admin/lots/${ids.lotId}`,
      `/api/admin/auctions/${ids.auctionId}`,
    ];
    const before = await snapshot();
    for (const path of paths) {
      // A command id alone changes nothing either (lots and closing groups take one).
      const bodies = /lots|closing-groups/.test(path) ? [{}, { commandId: randomUUID() }] : [{}];
      for (const body of bodies) {
        const response = await call('PATCH', path, body);
        expect(response.statusCode, `${path} ${response.body}`).toBe(400);
        expect(response.json().messages).toContain('field_required');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('saves a lot edit of only offeredBy or only translations', async () => {
    const { lotId } = await fixture();
    const offeredBy = await call('PATCH', `/api/admin/lots/${lotId}`, { offeredBy: 'Hôtel du Lac' });
    expect(offeredBy.statusCode, offeredBy.body).toBe(200);
    const translations = await call('PATCH', `/api/admin/lots/${lotId}`, {
      translations: { fr: { name: 'Fin de semaine dans Charlevoix' } },
    });
    expect(translations.statusCode, translations.body).toBe(200);
    const row = await test.database.db
      .selectFrom('lots')
      .select('offered_by')
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    expect(row.offered_by).toBe('Hôtel du Lac');
    const names = await test.database.db
      .selectFrom('lot_translations')
      .select('language_code')
      .where('lot_id', '=', lotId)
      .execute();
    expect(names.map((n) => n.language_code).sort()).toEqual(['en', 'fr']);
  });

  it('leaves no partial change when the engine refuses part of a lot edit', async () => {
    const { lotId } = await fixture();
    expect((await call('POST', `/api/admin/lots/${lotId}/close-early`, {})).statusCode).toBe(200);
    const refused = await call('PATCH', `/api/admin/lots/${lotId}`, { offeredBy: 'Someone else', startingBid: 500 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('item_closed');
    const row = await test.database.db
      .selectFrom('lots')
      .select(['offered_by', 'starting_bid'])
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    expect(row.offered_by).not.toBe('Someone else');
    expect(row.starting_bid).toBe(10_000);
  });
});

describe('a service the request needs is unavailable', () => {
  it('answers 503 with Retry-After when PostgreSQL refuses connections', async () => {
    const pool = createPool('postgres://nobody:nothing@127.0.0.1:1/none', 1);
    const db = createDb(pool);
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/read', async () => db.selectFrom('users').select('id').execute());
    const response = await app.inject({ method: 'GET', url: '/read' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ message: 'service_unavailable', messages: ['service_unavailable'] });
    await app.close();
    await db.destroy();
  });

  it('answers 503 when PostgreSQL is shutting down (57P01, 57P03) or full (53300), 400 when it refuses a value', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/:code', async (request) => {
      throw Object.assign(new Error('terminating connection'), { code: (request.params as { code: string }).code });
    });
    for (const code of ['57P01', '57P03', '53300', '08006']) {
      expect((await app.inject({ method: 'GET', url: `/${code}` })).statusCode, code).toBe(503);
    }
    for (const code of ['22P02', '22003', '22021', '23502', '23514']) {
      const response = await app.inject({ method: 'GET', url: `/${code}` });
      expect(response.statusCode, code).toBe(400);
      expect(response.json().messages).toEqual(['invalid_value']);
    }
    await app.close();
  });
});
