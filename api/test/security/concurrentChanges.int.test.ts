import { randomUUID } from 'node:crypto';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../accounts/accountFlows.ts';
import { useTestApp } from '../useTestApp.ts';

const test = useTestApp();
let admin: Record<string, string>;
let organizationId: number;
beforeAll(async () => {
  admin = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);
  const gala = await test.database.db
    .selectFrom('auctions')
    .select('organization_id')
    .where('id', '=', test.galaId)
    .executeTakeFirstOrThrow();
  organizationId = gala.organization_id;
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

function call(method: 'POST' | 'PATCH', url: string, payload: object) {
  return test.app.inject({ method, url, headers: admin, payload });
}

async function created(method: 'POST', url: string, payload: object): Promise<number> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Until a statement waits for a lock held by another transaction (the request's write, here). */
async function someoneWaits(db: Db): Promise<void> {
  for (let tries = 0; tries < 250; tries++) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no request waited for the held lock');
}

/**
 * Another operator's change landing between a request's check and its write, made the only way
 * a test can time it: `change` is written in a transaction left open, so the request's check does
 * not see it yet and its write waits for the transaction's lock; then it commits.
 */
async function racedBy<T>(change: (trx: Db) => Promise<unknown>, request: () => Promise<T>): Promise<T> {
  const { db } = test.database;
  let commit = () => {};
  const committing = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let changed = () => {};
  const written = new Promise<void>((resolve) => {
    changed = resolve;
  });
  const transaction = db.transaction().execute(async (trx) => {
    await change(trx as unknown as Db);
    changed();
    await committing;
  });
  await written;
  const answer = request();
  await someoneWaits(db);
  commit();
  await transaction;
  return answer;
}

describe('a write that meets a change made since its check', () => {
  it('answers 409 concurrent_change when a unique link was taken meanwhile, and creates nothing', async () => {
    const link = `race-${randomUUID().slice(0, 8)}`;
    const refused = await racedBy(
      (trx) =>
        trx
          .insertInto('auctions')
          .values({ organization_id: organizationId, url_magic_link: link, colors: '{}', footer: '{}' })
          .execute(),
      () =>
        call('POST', '/api/admin/auctions', {
          organizationId,
          urlMagicLink: link,
          translations: { fr: { titleShort: 'Gala' } },
        }),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'concurrent_change', messages: ['concurrent_change'] });
    const auctions = await test.database.db
      .selectFrom('auctions')
      .select('id')
      .where('url_magic_link', '=', link)
      .execute();
    expect(auctions).toHaveLength(1);
  });

  it('answers 409 concurrent_change when a lot is put in a team removed meanwhile, and changes nothing', async () => {
    const teamId = await created('POST', `/api/admin/organizations/${organizationId}/teams`, {
      translations: { fr: 'Équipe passagère' },
    });
    const lotId = await test.firstLotId(test.galaId);
    const before = await test.database.db
      .selectFrom('lots')
      .select('organization_team_id')
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    const refused = await racedBy(
      (trx) => trx.deleteFrom('organization_teams').where('id', '=', teamId).execute(),
      () => call('PATCH', `/api/admin/lots/${lotId}`, { organizationTeamId: teamId }),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('concurrent_change');
    const after = await test.database.db
      .selectFrom('lots')
      .select('organization_team_id')
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('removes a team a lot was put in meanwhile, the lot keeping no team', async () => {
    const teamId = await created('POST', `/api/admin/organizations/${organizationId}/teams`, {
      translations: { fr: 'Équipe passagère' },
    });
    const lotId = await test.firstLotId(test.galaId);
    const removed = await racedBy(
      (trx) => trx.updateTable('lots').set({ organization_team_id: teamId }).where('id', '=', lotId).execute(),
      () => test.app.inject({ method: 'DELETE', url: `/api/admin/teams/${teamId}`, headers: admin }),
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const lot = await test.database.db
      .selectFrom('lots')
      .select('organization_team_id')
      .where('id', '=', lotId)
      .executeTakeFirstOrThrow();
    expect(lot.organization_team_id).toBeNull();
  });

  it('answers the name refusal when another organisation took the name meanwhile', async () => {
    const renamed = await created('POST', '/api/admin/organizations', { name: `Fondation ${randomUUID()}` });
    const name = `Fondation ${randomUUID()}`;
    const refused = await racedBy(
      (trx) => trx.insertInto('organizations').values({ name }).execute(),
      () => call('PATCH', `/api/admin/organizations/${renamed}`, { name }),
    );
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'organization_name_taken']);
  });

  it('answers 404 when the team, category or closing group edited was removed after the access check', async () => {
    const teamId = await created('POST', `/api/admin/organizations/${organizationId}/teams`, {
      translations: { fr: 'Équipe passagère' },
    });
    const categoryId = await created('POST', `/api/admin/auctions/${test.galaId}/categories`, {
      translations: { fr: 'Passagère' },
    });
    const groupId = await created('POST', `/api/admin/auctions/${test.galaId}/closing-groups`, {
      translations: { fr: 'Vague passagère' },
      dateCompleted: inHours(3),
    });
    for (const [table, id, path, key] of [
      ['organization_teams', teamId, `/api/admin/teams/${teamId}`, 'team_not_found'],
      ['item_categories', categoryId, `/api/admin/categories/${categoryId}`, 'category_not_found'],
      ['closing_groups', groupId, `/api/admin/closing-groups/${groupId}`, 'closing_group_not_found'],
    ] as const) {
      const refused = await racedBy(
        (trx) => trx.deleteFrom(table).where('id', '=', id).execute(),
        () => call('PATCH', path, { translations: { fr: 'Renommée', en: 'Renamed' } }),
      );
      expect([refused.statusCode, refused.json().message], path).toEqual([404, key]);
    }
  });
});
