// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKeys, accountMutations } from '../../src/account/queries.ts';
import { tokens } from '../../src/api/client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(undefined);
});

describe('temporary password', () => {
  it('keeps the user signed in with the token the new password opened, and clears the flag', async () => {
    tokens.set('temporary-session-token');
    vi.stubGlobal('fetch', async () =>
      Response.json({ success: true, messages: ['password_change_successful'], token: 'new-session-token' }),
    );
    const client = new QueryClient();
    client.setQueryData(accountKeys.profile(), { id: 'u1', hasTemporaryPassword: true });
    await client
      .getMutationCache()
      .build(client, accountMutations.resetTemporaryPassword())
      .execute({ newPassword: 'Nouveau-Mot-2026!', confirmNewPassword: 'Nouveau-Mot-2026!' });
    expect(tokens.access()).toBe('new-session-token');
    expect(client.getQueryData(accountKeys.profile())).toMatchObject({ hasTemporaryPassword: false });
  });
});
