import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, login, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'admin', 'manager', 'volunteer');
let demoOrganizationId: number;

beforeAll(async () => {
  const mine = await callAs(test.app, staff.manager, 'GET', '/api/admin/organizations');
  demoOrganizationId = mine.json()[0].id;
});

const rolesUrl = (organizationId: number, userId: string, role: number) =>
  `/api/admin/organizations/${organizationId}/members/${userId}/roles/${role}`;

async function newOrganization() {
  const created = await callAs(test.app, staff.admin, 'POST', '/api/admin/organizations', {
    name: `Fondation ${randomUUID()}`,
  });
  return created.json().id as number;
}

async function rolesOf(userId: string) {
  const row = await test.database.db.selectFrom('users').select('roles').where('id', '=', userId).executeTakeFirst();
  return row?.roles;
}

/** The status of the demo organisation's auction list, as the user behind `token` asks for it. */
async function demoAuctionsStatus(token: string) {
  return (await callAs(test.app, token, 'GET', `/api/admin/auctions?organizationId=${demoOrganizationId}`)).statusCode;
}

async function memberIds(organizationId: number, token = staff.admin) {
  const members = await callAs(test.app, token, 'GET', `/api/admin/organizations/${organizationId}/members`);
  expect(members.statusCode).toBe(200);
  return members.json().map((m: { id: string }) => m.id);
}

describe('members and roles of an organisation', () => {
  it('lets an auction manager grant the auction-manager role in their organisation, twice without harm', async () => {
    const user = await registerConfirmed(test);
    const first = await callAs(test.app, staff.manager, 'PUT', rolesUrl(demoOrganizationId, user.id, 2));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: user.id, isMember: true, roles: [3, 2] });
    const again = await callAs(test.app, staff.manager, 'PUT', rolesUrl(demoOrganizationId, user.id, 2));
    expect(again.json().roles).toEqual([3, 2]);
    expect(await memberIds(demoOrganizationId, staff.manager)).toContain(user.id);
    // The new manager now sees the organisation's auctions.
    expect(await demoAuctionsStatus(user.token)).toBe(200);
  });

  it('revokes a role: the account loses it when the user belongs to no other organisation', async () => {
    const user = await registerConfirmed(test);
    await callAs(test.app, staff.admin, 'PUT', rolesUrl(demoOrganizationId, user.id, 4));
    const revoked = await callAs(test.app, staff.manager, 'DELETE', rolesUrl(demoOrganizationId, user.id, 4));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ isMember: false, roles: [3] });
    expect(await memberIds(demoOrganizationId)).not.toContain(user.id);
    const notMember = await callAs(test.app, staff.manager, 'DELETE', rolesUrl(demoOrganizationId, user.id, 4));
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().message).toBe('member_not_found');
  });

  it('keeps the role of a user who belongs to another organisation, removing only this membership', async () => {
    const user = await registerConfirmed(test);
    const other = await newOrganization();
    await callAs(test.app, staff.admin, 'PUT', rolesUrl(demoOrganizationId, user.id, 2));
    await callAs(test.app, staff.admin, 'PUT', rolesUrl(other, user.id, 2));
    const revoked = await callAs(test.app, staff.admin, 'DELETE', rolesUrl(other, user.id, 2));
    // Nothing held in that organisation any more; the account keeps the role the other one holds.
    expect(revoked.json()).toMatchObject({ isMember: false, roles: [3] });
    expect(await rolesOf(user.id)).toEqual([3, 2]);
    expect(await memberIds(demoOrganizationId)).toContain(user.id);
    expect(await demoAuctionsStatus(user.token)).toBe(200);
    expect((await callAs(test.app, user.token, 'GET', `/api/admin/organizations/${other}/members`)).statusCode).toBe(
      404,
    );
  });

  it('holds a role in one organisation only: a manager elsewhere who volunteers here manages nothing here', async () => {
    const user = await registerConfirmed(test);
    const other = await newOrganization();
    await callAs(test.app, staff.admin, 'PUT', rolesUrl(other, user.id, 2));
    const volunteered = await callAs(test.app, staff.manager, 'PUT', rolesUrl(demoOrganizationId, user.id, 4));
    expect(volunteered.json()).toMatchObject({ isMember: true, roles: [3, 4] });
    expect(await rolesOf(user.id)).toEqual([3, 2, 4]);
    const listed = await callAs(
      test.app,
      staff.manager,
      'GET',
      `/api/admin/organizations/${demoOrganizationId}/members`,
    );
    expect(listed.json().find((m: { id: string }) => m.id === user.id)?.roles).toEqual([3, 4]);

    // Here they are a volunteer: no auctions, members or access codes of the demo organisation.
    const token = user.token;
    const organizations = await callAs(test.app, token, 'GET', '/api/admin/organizations');
    expect(organizations.json().map((o: { id: number }) => o.id)).toEqual([other]);
    for (const url of [
      `/api/admin/auctions?organizationId=${demoOrganizationId}`,
      `/api/admin/auctions/${test.galaId}`,
      `/api/admin/organizations/${demoOrganizationId}/members`,
    ]) {
      expect((await callAs(test.app, token, 'GET', url)).statusCode, url).toBe(404);
    }
    // And they still do there what a volunteer does: the door.
    expect(
      (await callAs(test.app, token, 'GET', '/api/check-in/auctions')).json().map((a: { id: number }) => a.id),
    ).toContain(test.galaId);
  });

  it("lets no manager of another organisation raise this organisation's volunteer", async () => {
    const volunteer = await registerConfirmed(test);
    await callAs(test.app, staff.manager, 'PUT', rolesUrl(demoOrganizationId, volunteer.id, 4));
    // A manager of their own organisation only grants the volunteer auction manager there.
    const other = await newOrganization();
    const rival = await registerConfirmed(test);
    await callAs(test.app, staff.admin, 'PUT', rolesUrl(other, rival.id, 2));
    const raised = await callAs(test.app, rival.token, 'PUT', rolesUrl(other, volunteer.id, 2));
    expect(raised.statusCode).toBe(200);
    // In the demo organisation the volunteer is still only a volunteer.
    const token = (await login(test.app, volunteer.body.username, volunteer.body.password)).body.token;
    expect((await callAs(test.app, token, 'GET', `/api/admin/auctions/${test.galaId}`)).statusCode).toBe(404);
    expect(await demoAuctionsStatus(token)).toBe(404);
    const listed = await callAs(
      test.app,
      staff.manager,
      'GET',
      `/api/admin/organizations/${demoOrganizationId}/members`,
    );
    expect(listed.json().find((m: { id: string }) => m.id === volunteer.id)?.roles).toEqual([3, 4]);
    // Taken back there, the account keeps no manager role held nowhere.
    await callAs(test.app, rival.token, 'DELETE', rolesUrl(other, volunteer.id, 2));
    expect(await rolesOf(volunteer.id)).toEqual([3, 4]);
  });

  it("names a member's other organisations and roles there to administrators, and to nobody else", async () => {
    const user = await registerConfirmed(test);
    const other = await newOrganization();
    await callAs(test.app, staff.admin, 'PUT', rolesUrl(demoOrganizationId, user.id, 4));
    await callAs(test.app, staff.admin, 'PUT', rolesUrl(other, user.id, 2));
    const otherName = (
      await test.database.db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', other)
        .executeTakeFirstOrThrow()
    ).name;

    const read = async (token: string) =>
      (await callAs(test.app, token, 'GET', `/api/admin/organizations/${demoOrganizationId}/members`))
        .json()
        .find((m: { id: string }) => m.id === user.id);
    expect((await read(staff.admin)).otherOrganizations).toEqual([{ id: other, name: otherName, roles: [2] }]);
    // A member of this organisation alone is answered an empty list.
    const manager = (
      await callAs(test.app, staff.admin, 'GET', `/api/admin/organizations/${demoOrganizationId}/members`)
    )
      .json()
      .find((m: { username: string }) => m.username === 'manager@demo.local');
    expect(manager.otherOrganizations).toEqual([]);
    // The demo organisation's manager learns nothing of the other organisation.
    const seenByManager = await read(staff.manager);
    expect(seenByManager).toMatchObject({ id: user.id, roles: [3, 4] });
    expect(seenByManager).not.toHaveProperty('otherOrganizations');
  });

  it('grants and revokes administrator for administrators only, never their own', async () => {
    const user = await registerConfirmed(test);
    const byManager = await callAs(test.app, staff.manager, 'PUT', rolesUrl(demoOrganizationId, user.id, 1));
    expect(byManager.statusCode).toBe(403);
    expect(await rolesOf(user.id)).toEqual([3]);
    const granted = await callAs(test.app, staff.admin, 'PUT', rolesUrl(demoOrganizationId, user.id, 1));
    expect(granted.json().roles).toEqual([3, 1]);
    const newAdminToken = (await login(test.app, user.body.username, user.body.password)).body.token;
    const own = await callAs(test.app, newAdminToken, 'DELETE', rolesUrl(demoOrganizationId, user.id, 1));
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('own_administrator_role');
    expect(await rolesOf(user.id)).toEqual([3, 1]);
    const byOther = await callAs(test.app, staff.admin, 'DELETE', rolesUrl(demoOrganizationId, user.id, 1));
    expect(byOther.json()).toMatchObject({ roles: [3], isMember: false });
  });

  it('refuses a volunteer, a manager of another organisation and bad input, changing nothing', async () => {
    const user = await registerConfirmed(test);
    const byVolunteer = await callAs(test.app, staff.volunteer, 'PUT', rolesUrl(demoOrganizationId, user.id, 4));
    expect(byVolunteer.statusCode).toBe(403);
    const other = await newOrganization();
    const byOutsider = await callAs(test.app, staff.manager, 'PUT', rolesUrl(other, user.id, 2));
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json().message).toBe('organization_not_found');
    const listOutside = await callAs(test.app, staff.manager, 'GET', `/api/admin/organizations/${other}/members`);
    expect(listOutside.statusCode).toBe(404);
    for (const url of [
      rolesUrl(demoOrganizationId, user.id, 3),
      rolesUrl(demoOrganizationId, user.id, 9),
      rolesUrl(demoOrganizationId, 'not-a-user', 2),
      `/api/admin/organizations/abc/members/${user.id}/roles/2`,
    ]) {
      const response = await callAs(test.app, staff.admin, 'PUT', url);
      expect(response.statusCode, url).toBe(400);
    }
    const unknown = await callAs(test.app, staff.admin, 'PUT', rolesUrl(demoOrganizationId, randomUUID(), 2));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('user_not_found');
    expect(await rolesOf(user.id)).toEqual([3]);
    expect(await memberIds(demoOrganizationId)).not.toContain(user.id);
  });
});

describe('the user search', () => {
  it('finds users by name, email or phone with only the fields an operator needs, 20 at most', async () => {
    // A bidder of the manager's gala: someone their organisation knows.
    const user = await registerConfirmed(test, {
      firstName: 'Zéphirine',
      lastName: 'Quenneville',
      auctionId: await test.auctionId('demo-gala'),
    });
    const byName = await callAs(test.app, staff.manager, 'GET', `/api/admin/users?q=${encodeURIComponent('quenne')}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().map((u: { id: string }) => u.id)).toContain(user.id);
    // A phone as every answer shows one, not the stored digits.
    expect(byName.json().find((u: { id: string }) => u.id === user.id)?.phoneNumber).toBe(user.body.cellphone);
    expect(Object.keys(byName.json()[0]).sort()).toEqual([
      'firstName',
      'id',
      'lastName',
      'phoneNumber',
      'roles',
      'username',
    ]);
    const byEmail = await callAs(
      test.app,
      staff.manager,
      'GET',
      `/api/admin/users?q=${encodeURIComponent(user.body.username)}`,
    );
    expect(byEmail.json().map((u: { id: string }) => u.id)).toEqual([user.id]);
    const many = await callAs(test.app, staff.admin, 'GET', '/api/admin/users?q=lo');
    expect(many.json().length).toBeLessThanOrEqual(20);
  });

  it("finds a stranger to the manager's organisations by the whole email or phone only; an administrator, by any part", async () => {
    const stranger = await registerConfirmed(test, { firstName: 'Eudoxie', lastName: 'Vaillancourt' });
    const ids = async (token: string, q: string) =>
      (await callAs(test.app, token, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`))
        .json()
        .map((u: { id: string }) => u.id);
    const digits = stranger.body.cellphone.replace(/\D/g, '');
    for (const part of ['vaillanc', stranger.body.username.slice(0, 12), digits.slice(0, 7)]) {
      expect(await ids(staff.manager, part)).not.toContain(stranger.id);
      expect(await ids(staff.admin, part)).toContain(stranger.id);
    }
    expect(await ids(staff.manager, stranger.body.username.toUpperCase())).toEqual([stranger.id]);
    expect(await ids(staff.manager, stranger.body.cellphone)).toEqual([stranger.id]);
  });

  it('refuses a search shorter than 2 characters and a volunteer', async () => {
    const short = await callAs(test.app, staff.admin, 'GET', '/api/admin/users?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().messages).toEqual(['search_too_short']);
    expect((await callAs(test.app, staff.volunteer, 'GET', '/api/admin/users?q=demo')).statusCode).toBe(403);
  });
});
