// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMutations } from '../../src/account/queries.ts';

afterEach(() => vi.unstubAllGlobals());

/** The body of each request the mutation made. */
function recordRequests() {
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    return Response.json({ success: true, messages: ['saved_successfully'] });
  });
  return sent;
}

const neverChosen = {
  id: 0,
  organization_Id: 4,
  organizationName: 'Club',
  smsNotifications: true,
  emailNotifications: true,
  isCurrent: true,
};

describe('communication preferences send only the changed channel', () => {
  it('on the unsubscribe page, for an organisation never chosen', async () => {
    const sent = recordRequests();
    const client = new QueryClient();
    await client
      .getMutationCache()
      .build(client, accountMutations.saveUnsubscribeNotification('token-1'))
      .execute({ entry: neverChosen, field: 'emailNotifications', value: false });
    expect(sent).toEqual([
      {
        url: expect.stringContaining('/api/bidder-organization-notifications/by-code/token-1'),
        method: 'POST',
        body: { organization_Id: 4, emailNotifications: false },
      },
    ]);
  });

  it('on the notifications page, for an organisation never chosen', async () => {
    const sent = recordRequests();
    const client = new QueryClient();
    await client
      .getMutationCache()
      .build(client, accountMutations.saveOrganizationNotification())
      .execute({ entry: neverChosen, field: 'smsNotifications', value: false });
    expect(sent[0]?.body).toEqual({ organization_Id: 4, smsNotifications: false });
  });
});
