import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/demo/demoContent.ts';
import { login } from './accountFlows.ts';

/** The demo's staff accounts, by their email's local part (admin@demo.local is 'admin'). */
export type DemoStaff = 'admin' | 'manager' | 'volunteer';

/** The access token of a demo staff account, signed in with its password from the demo's content. */
export async function demoToken(app: FastifyInstance, who: DemoStaff): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === `${who}@demo.local`);
  if (!account) throw new Error(`no demo account ${who}@demo.local`);
  const signedIn = await login(app, account.username, account.password);
  if (signedIn.status !== 200) throw new Error(`${account.username} could not sign in: ${signedIn.status}`);
  return signedIn.body.token;
}

/**
 * The access tokens of the demo staff a test file works as, signed in before its tests: read
 * them in the tests (`staff.manager`), not at the file's top level where they are not there yet.
 */
export function useDemoStaff<const Who extends DemoStaff>(
  test: { readonly app: FastifyInstance },
  ...who: Who[]
): Readonly<Record<Who, string>> {
  const tokens = {} as Record<Who, string>;
  beforeAll(async () => {
    for (const name of who) tokens[name] = await demoToken(test.app, name);
  });
  return tokens;
}
