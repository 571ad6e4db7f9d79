import { describe, expect, it } from 'vitest';
import { useTestApp } from '../useTestApp.ts';
import { callAs, newBidder, register, registerConfirmed } from './accountFlows.ts';

/**
 * Nicknames are shown to everyone in bid histories: no bidder may take a name that reads the same
 * as another's, by hidden characters, compatibility forms or letters of another script.
 */
const test = useTestApp({ demo: false });

let names = 0;
/** A nickname no other test of the run uses, with letters that have lookalikes (a, e, o, p, c). */
function freshName(): string {
  names += 1;
  return `Marie_Pace${names}x${Date.now() % 100_000}`;
}

/** The same name with every Latin a, e, o, p and c swapped for the Cyrillic letter drawn like it. */
function cyrillic(name: string): string {
  const swaps: Record<string, string> = { a: '\u0430', e: '\u0435', o: '\u043e', p: '\u0440', c: '\u0441' };
  return name.replace(/[aeopc]/g, (letter) => swaps[letter] as string);
}

async function nickNamesStored(...nickNames: string[]): Promise<string[]> {
  const rows = await test.database.db
    .selectFrom('users')
    .select('nick_name')
    .where('nick_name', 'in', nickNames)
    .execute();
  return rows.map((row) => row.nick_name);
}

function patchNickName(token: string, value: string) {
  return callAs(test.app, token, 'PATCH', '/api/account', [{ op: 'add', path: '/nickName', value }]);
}

describe('a nickname that looks like another', () => {
  it('is refused on the profile, and nothing changes', async () => {
    const victim = await registerConfirmed(test, { nickName: freshName() });
    const rival = await registerConfirmed(test);
    const name = victim.body.nickName;
    const hidden = [`${name}\u200b`, `${name}\u202e`, `Ma\u200drie${name.slice(5)}`, `\u2066${name}\u2069`];
    for (const value of hidden) {
      const response = await patchNickName(rival.token, value);
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'validation_failed', messages: ['invalid_value'] });
      expect(response.json().errors).toEqual([{ field: 'nickName', message: 'invalid_value' }]);
    }
    const lookalikes = [cyrillic(name), name.replace('M', '\u039c'), name.toUpperCase().replace(/A/g, '\u0391')];
    for (const value of [...lookalikes, `${name.slice(0, 5)}\uff3f${name.slice(6)}`]) {
      const response = await patchNickName(rival.token, value);
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json().messages).toEqual(['unique_nickname']);
    }
    const me = await callAs(test.app, rival.token, 'GET', '/api/account');
    expect(me.json().bidder.nickName).toBe(rival.body.nickName);
    expect(await nickNamesStored(...hidden, ...lookalikes)).toEqual([]);
  });

  it('is refused at registration, and no account is created', async () => {
    const victim = await registerConfirmed(test, { nickName: freshName() });
    const name = victim.body.nickName;
    const hidden = await register(test.app, newBidder({ nickName: `${name}\u200b` }));
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toMatchObject({ message: 'validation_failed', messages: ['invalid_value'] });
    const lookalike = await register(test.app, newBidder({ nickName: cyrillic(name) }));
    expect(lookalike.statusCode).toBe(400);
    expect(lookalike.json().messages).toContain('unique_nickname');
    expect(await nickNamesStored(`${name}\u200b`, cyrillic(name))).toEqual([]);
  });

  it('is answered as taken by the registration screen’s check', async () => {
    const victim = await registerConfirmed(test, { nickName: freshName() });
    const check = (nickName: string) =>
      test.app.inject({ method: 'GET', url: `/api/account/unique-nickname?nickName=${encodeURIComponent(nickName)}` });
    expect((await check(cyrillic(victim.body.nickName))).json()).toBe(false);
    expect((await check(`${victim.body.nickName}\u200b`)).json()).toBe(false);
    expect((await check(freshName())).json()).toBe(true);
  });

  it('is refused to the second of two registrations racing for lookalikes', async () => {
    const name = freshName();
    const answers = await Promise.all([
      register(test.app, newBidder({ nickName: name })),
      register(test.app, newBidder({ nickName: cyrillic(name) })),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe('unique_nickname');
    expect(await nickNamesStored(name, cyrillic(name))).toHaveLength(1);
  });
});

describe('a nickname with accents', () => {
  it('stays distinct from the same letters without them, and is never refused for them', async () => {
    const stem = freshName().replace('Marie_Pace', 'Hélène');
    const accented = await register(test.app, newBidder({ nickName: stem }));
    expect(accented.statusCode).toBe(200);
    const plain = await register(test.app, newBidder({ nickName: stem.replace('é', 'e').replace('è', 'e') }));
    expect(plain.statusCode).toBe(200);
    // Typed with a combining accent, the first name is the same name.
    const decomposed = await register(test.app, newBidder({ nickName: stem.normalize('NFD') }));
    expect(decomposed.statusCode).toBe(400);
    expect(decomposed.json().messages).toContain('unique_nickname');
  });
});
