import { randomUUID } from 'node:crypto';
import { nickNameSkeleton } from '@auction/contract';
import { insertGuests } from '@auction/platform/testing';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/demo/demoContent.ts';
import { useTestApp } from '../useTestApp.ts';
import { callAs, newBidder, register, registerConfirmed } from './accountFlows.ts';
import { useDemoStaff } from './demoStaff.ts';

/**
 * The unique-nickname check looks up the skeleton stored beside each nickname (migration 0039), so
 * a write that stored none, or left the old one behind, would let a lookalike through. Every way
 * a nickname is written is tried here: the demo seed, registration, the profile, a walk-in at the
 * door and the guests' helper of the tests and benchmarks; then a lookalike of what it wrote.
 */
const test = useTestApp();
const staff = useDemoStaff(test, 'volunteer');

/** The same name with every Latin a, e, o, p and c swapped for the Cyrillic letter drawn like it. */
function cyrillic(name: string): string {
  const swaps: Record<string, string> = { a: '\u0430', e: '\u0435', o: '\u043e', p: '\u0440', c: '\u0441' };
  const swapped = name.replace(/[aeopc]/g, (letter) => swaps[letter] as string);
  if (swapped === name) throw new Error(`${name} has no letter with a Cyrillic lookalike`);
  return swapped;
}

/** A lookalike of `nickName` is refused at registration and answered as taken by the check. */
async function expectTaken(nickName: string) {
  const lookalike = cyrillic(nickName);
  const registered = await register(test.app, newBidder({ nickName: lookalike }));
  expect(registered.statusCode, `${JSON.stringify(lookalike)}: ${registered.body}`).toBe(400);
  expect(registered.json().messages).toContain('unique_nickname');
  const check = await test.app.inject({
    method: 'GET',
    url: `/api/account/unique-nickname?nickName=${encodeURIComponent(lookalike)}`,
  });
  expect(check.json(), JSON.stringify(lookalike)).toBe(false);
}

function patchNickName(token: string, value: string) {
  return callAs(test.app, token, 'PATCH', '/api/account', [{ op: 'add', path: '/nickName', value }]);
}

async function nickNameOf(userId: string): Promise<string> {
  const row = await test.database.db
    .selectFrom('users')
    .select('nick_name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.nick_name;
}

function walkIn(firstName: string, lastName: string) {
  return callAs(test.app, staff.volunteer, 'POST', `/api/check-in/auctions/${test.galaId}/walk-ins`, {
    firstName,
    lastName,
    email: `walk-in.${randomUUID()}@example.com`,
    language: 'fr',
  });
}

describe('a lookalike of a nickname', () => {
  it('is refused for the demo’s accounts, which the seed writes itself', async () => {
    for (const account of DEMO_ACCOUNTS.filter((a) => /[aeopc]/.test(a.nickName))) {
      await expectTaken(account.nickName);
    }
    const rival = await registerConfirmed(test);
    const patched = await patchNickName(rival.token, cyrillic('Marie_L'));
    expect(patched.statusCode).toBe(400);
    expect(patched.json().messages).toEqual(['unique_nickname']);
  });

  it('is refused for a name taken at registration, on the profile too', async () => {
    const taken = await registerConfirmed(test, { nickName: `Paco${Date.now() % 100_000}` });
    await expectTaken(taken.body.nickName);
    const rival = await registerConfirmed(test);
    const patched = await patchNickName(rival.token, cyrillic(taken.body.nickName));
    expect(patched.statusCode).toBe(400);
    expect(patched.json().messages).toEqual(['unique_nickname']);
  });

  it('follows a name changed on the profile: the new one is taken, the old one free again', async () => {
    const stem = Date.now() % 100_000;
    const bidder = await registerConfirmed(test, { nickName: `Pascal${stem}` });
    const renamed = await patchNickName(bidder.token, `Capucine${stem}`);
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectTaken(`Capucine${stem}`);
    const old = await register(test.app, newBidder({ nickName: cyrillic(`Pascal${stem}`) }));
    expect(old.statusCode, old.body).toBe(200);
  });

  it('is refused for the name a walk-in was given at the door, and a walk-in is never given one', async () => {
    const lastName = `Bélanger${Date.now() % 100_000}`;
    const first = await walkIn('Jacques', lastName);
    expect(first.statusCode, first.body).toBe(200);
    const given = await nickNameOf(first.json().guest.userId);
    expect(given).toBe('Jacques B.');
    await expectTaken(given);
    // A second Jacques B. whose name only looks like the first gets a name of his own.
    const second = await walkIn(cyrillic('Jacques'), 'Bouchard');
    expect(second.statusCode, second.body).toBe(200);
    const other = await nickNameOf(second.json().guest.userId);
    expect(nickNameSkeleton(other)).not.toBe(nickNameSkeleton(given));
  });

  it('is refused for the guests the tests and benchmarks write in bulk', async () => {
    const [id] = await insertGuests(test.database.db, test.galaId, 3);
    await expectTaken(await nickNameOf(id as string));
  });
});

describe('the stored skeleton', () => {
  it('is its nickname’s for every account the seed and the flows above wrote', async () => {
    const rows = await test.database.db.selectFrom('users').select(['nick_name', 'nick_name_skeleton']).execute();
    // The demo's five accounts, and at least one of each flow above.
    expect(rows.length).toBeGreaterThan(DEMO_ACCOUNTS.length + 5);
    const stale = rows.filter((row) => row.nick_name_skeleton !== nickNameSkeleton(row.nick_name));
    expect(stale).toEqual([]);
  });
});
