import { describe, expect, it } from 'vitest';
import { callAs, login, registerConfirmed } from '../accounts/accountFlows.ts';
import { useDemoStaff } from '../accounts/demoStaff.ts';
import { demoOrganizationId } from '../fixtures/demoOrganizationAuction.ts';
import { statusesOf } from '../fixtures/rateLimits.ts';
import { useTestApp } from '../useTestApp.ts';

// Staff acts that take any user by id and hand the organisation their contacts (docs/security.md
// "Staff acting on a user by id"): user ids are public, so each signed-in account is bounded.
const test = useTestApp();
const staff = useDemoStaff(test, 'admin');

/** A new auction manager of the demo organisation, with a count of their own. */
async function newManager() {
  const user = await registerConfirmed(test);
  const organizationId = await demoOrganizationId(test.database.db);
  const granted = await callAs(
    test.app,
    staff.admin,
    'PUT',
    `/api/admin/organizations/${organizationId}/members/${user.id}/roles/2`,
  );
  expect(granted.statusCode, granted.body).toBe(200);
  return { ...user, token: (await login(test.app, user.body.username, user.body.password)).body.token as string };
}

describe('staff acting on a user by id', () => {
  it("sets bidders' statuses at most 120 times in 10 minutes per account, then 429 with nothing changed", async () => {
    const manager = await newManager();
    const bidder = await registerConfirmed(test);
    const url = `/api/auctions/${test.galaId}/bidders/${bidder.id}/status`;
    const statuses = await statusesOf(120, (i) =>
      callAs(test.app, manager.token, 'PUT', url, { status: i % 2 === 0 ? 'Locked' : 'Invited' }),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await callAs(test.app, manager.token, 'PUT', url, { status: 'Locked' });
    expect([refused.statusCode, refused.json().message]).toEqual([429, 'too_many_requests']);
    const row = await test.database.db
      .selectFrom('auction_bidders')
      .select('status')
      .where('auction_id', '=', test.galaId)
      .where('user_id', '=', bidder.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
  });

  it('grants roles at most 120 times in 10 minutes per account, then 429 with nothing granted', async () => {
    const manager = await newManager();
    const organizationId = await demoOrganizationId(test.database.db);
    const first = await registerConfirmed(test);
    const statuses = await statusesOf(120, () =>
      callAs(test.app, manager.token, 'PUT', `/api/admin/organizations/${organizationId}/members/${first.id}/roles/4`),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const second = await registerConfirmed(test);
    const refused = await callAs(
      test.app,
      manager.token,
      'PUT',
      `/api/admin/organizations/${organizationId}/members/${second.id}/roles/4`,
    );
    expect([refused.statusCode, refused.json().message]).toEqual([429, 'too_many_requests']);
    const membership = await test.database.db
      .selectFrom('organization_users')
      .select('user_id')
      .where('user_id', '=', second.id)
      .executeTakeFirst();
    expect(membership).toBeUndefined();
  });
});
