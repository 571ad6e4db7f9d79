import { randomUUID } from 'node:crypto';
import { nickNameSkeleton } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { BULL_BOARD_COOKIE } from '../../../src/admin/bullBoard.ts';
import { useTestApp } from '../../useTestApp.ts';

const test = useTestApp({ demo: false });

async function tokenFor(roles: number[]): Promise<string> {
  const nickName = randomUUID();
  const user = await test.database.db
    .insertInto('users')
    .values({
      username: `${randomUUID()}@example.org`,
      password_hash: 'x',
      nick_name: nickName,
      nick_name_skeleton: nickNameSkeleton(nickName),
      roles,
    })
    .returning(['id', 'token_version'])
    .executeTakeFirstOrThrow();
  return test.app.issueAccessToken(user).token;
}

describe('bull-board at /admin/queues', () => {
  it('is for administrators only', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/admin/queues' })).statusCode).toBe(401);
    const manager = await tokenFor([2]);
    const refused = await test.app.inject({
      method: 'GET',
      url: '/admin/queues/api/queues',
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: `/admin/queues?token=${manager}` })).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/admin/queues?token=not-a-token' })).statusCode).toBe(401);
  });

  it('shows the workers queues to an administrator, by bearer header, query token or its cookie', async () => {
    const admin = await tokenFor([1]);
    const page = await test.app.inject({ method: 'GET', url: `/admin/queues?token=${admin}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toContain(`${BULL_BOARD_COOKIE}=`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/admin/queues');

    const byCookie = await test.app.inject({
      method: 'GET',
      url: '/admin/queues/api/queues?activeQueue=closings&status=delayed&page=1',
      headers: { cookie: `${BULL_BOARD_COOKIE}=${admin}` },
    });
    expect(byCookie.statusCode).toBe(200);
    const names = (byCookie.json() as { queues: Array<{ name: string }> }).queues.map((q) => q.name).sort();
    expect(names).toEqual([
      'auction-lifecycle',
      'audit-checkpoints',
      'closings',
      'invoice-charges',
      'messages',
      'payment-attempts',
      'photo-collection',
    ]);

    const byBearer = await test.app.inject({
      method: 'GET',
      url: '/admin/queues/api/queues',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(byBearer.statusCode).toBe(200);
  });
});
