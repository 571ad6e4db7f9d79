import { signUnsubscribeToken } from '@auction/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { otherOrganization } from '../../../fixtures/otherOrganization.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();
let otherOrganizationId: number;
beforeAll(async () => {
  otherOrganizationId = await otherOrganization(test.database.db, 'Équipe Zèbre');
});

describe('communication preferences per organisation', () => {
  it('lists every organisation, id 0 until chosen, the current one first', async () => {
    const bidder = await registerConfirmed(test);
    const list = await callAs(
      test.app,
      bidder.token,
      'GET',
      '/api/bidder-organization-notifications?urlMagicLink=demo-gala',
    );
    expect(list.statusCode).toBe(200);
    const rows = list.json();
    expect(rows[0]).toMatchObject({ id: 0, organizationName: 'Fondation Petits Bonheurs', isCurrent: true });
    expect(rows).toContainEqual(
      expect.objectContaining({
        id: 0,
        organization_Id: otherOrganizationId,
        smsNotifications: true,
        emailNotifications: true,
      }),
    );
  });

  it('creates then patches a choice, only for the signed-in bidder', async () => {
    const bidder = await registerConfirmed(test);
    const created = await callAs(test.app, bidder.token, 'POST', '/api/bidder-organization-notifications', {
      id: 0,
      organization_Id: otherOrganizationId,
      smsNotifications: false,
      emailNotifications: true,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect(id).toBeGreaterThan(0);
    const patched = await callAs(test.app, bidder.token, 'PATCH', `/api/bidder-organization-notifications/${id}`, {
      emailNotifications: false,
    });
    expect(patched.json()).toMatchObject({ id, smsNotifications: false, emailNotifications: false });

    const intruder = await registerConfirmed(test);
    const foreign = await callAs(test.app, intruder.token, 'PATCH', `/api/bidder-organization-notifications/${id}`, {
      emailNotifications: true,
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/bidder-organization-notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses turning on an organisation toggle whose general and outbid channels are both off', async () => {
    const bidder = await registerConfirmed(test);
    const off = await callAs(test.app, bidder.token, 'POST', '/api/bidder-organization-notifications', {
      organization_Id: otherOrganizationId,
      smsNotifications: false,
    });
    expect(off.json()).toMatchObject({ smsNotifications: false, emailNotifications: true });
    await callAs(test.app, bidder.token, 'PATCH', '/api/account', [
      { path: '/smsGeneralNotifications', value: false },
      { path: '/smsOutbidNotifications', value: false },
    ]);
    const refused = await callAs(test.app, bidder.token, 'POST', '/api/bidder-organization-notifications', {
      organization_Id: otherOrganizationId,
      smsNotifications: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual(['notification_channel_off']);
  });
});

describe('unsubscribe by identity code, no login', () => {
  it('reads and changes the preferences of the code’s bidder', async () => {
    const bidder = await registerConfirmed(test);
    const { identity_code: identity } = await test.database.db
      .selectFrom('users')
      .select('identity_code')
      .where('id', '=', bidder.id)
      .executeTakeFirstOrThrow();
    expect(identity).toMatch(/^[0-9a-f]{64}$/);

    const model = await test.app.inject({
      method: 'GET',
      url: `/api/bidder-organization-notifications/by-code/${identity}?urlMagicLink=demo-gala`,
    });
    expect(model.statusCode).toBe(200);
    expect(model.json().bidder).toMatchObject({ nickName: bidder.body.nickName, emailGeneralNotifications: true });
    const current = model.json().organizationNotifications[0];
    expect(current).toMatchObject({ id: 0, isCurrent: true });

    const created = await test.app.inject({
      method: 'POST',
      url: `/api/bidder-organization-notifications/by-code/${identity}`,
      payload: { id: 0, organization_Id: current.organization_Id, smsNotifications: false, emailNotifications: true },
    });
    expect(created.json()).toMatchObject({ success: true, messages: ['saved_successfully'], smsNotifications: false });
    const patched = await test.app.inject({
      method: 'PATCH',
      url: `/api/bidder-organization-notifications/by-code/${identity}/${created.json().id}`,
      payload: [{ fieldName: 'emailNotifications', value: false }],
    });
    expect(patched.json()).toMatchObject({ messages: ['saved_successfully'], emailNotifications: false });
    // The bidder's own code may turn a notice back on, as the page's toggles do.
    expect(model.json().onlyLower).toBe(false);
    const again = await test.app.inject({
      method: 'PATCH',
      url: `/api/bidder-organization-notifications/by-code/${identity}/${created.json().id}`,
      payload: [{ fieldName: 'emailNotifications', value: true }],
    });
    expect(again.json()).toMatchObject({ messages: ['saved_successfully'], emailNotifications: true });
  });

  it('answers 401 unsubscribe_unauthorized for an unknown code and changes nothing', async () => {
    const unknown = 'f'.repeat(64);
    const before = await test.database.db
      .selectFrom('bidder_organization_notifications')
      .selectAll()
      .orderBy('id')
      .execute();
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/bidder-organization-notifications/by-code/${unknown}`,
    });
    expect(read.statusCode).toBe(401);
    expect(read.json().message).toBe('unsubscribe_unauthorized');
    const write = await test.app.inject({
      method: 'POST',
      url: `/api/bidder-organization-notifications/by-code/${unknown}`,
      payload: { organization_Id: otherOrganizationId, smsNotifications: false, emailNotifications: false },
    });
    expect(write.statusCode).toBe(401);
    const after = await test.database.db
      .selectFrom('bidder_organization_notifications')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });
});

// A token from one organisation's email read the bidder's choices for every organisation and lowered them all.
describe("unsubscribe by an organisation's email token", () => {
  it("reads and lowers that organisation's choice only", async () => {
    const bidder = await registerConfirmed(test);
    const gala = await test.database.db
      .selectFrom('auctions')
      .select('organization_id')
      .where('url_magic_link', '=', 'demo-gala')
      .executeTakeFirstOrThrow();
    const choose = (organizationId: number) =>
      callAs(test.app, bidder.token, 'POST', '/api/bidder-organization-notifications', {
        id: 0,
        organization_Id: organizationId,
        smsNotifications: true,
        emailNotifications: true,
      });
    const galaChoice = (await choose(gala.organization_id)).json();
    const otherChoice = (await choose(otherOrganizationId)).json();
    const token = signUnsubscribeToken(test.unsubscribeKey, {
      userId: bidder.id,
      organizationId: gala.organization_id,
    });
    const byCode = `/api/bidder-organization-notifications/by-code/${token}`;

    const model = await test.app.inject({ method: 'GET', url: byCode });
    expect(model.statusCode).toBe(200);
    expect(model.json().organizationNotifications.map((n: { organization_Id: number }) => n.organization_Id)).toEqual([
      gala.organization_id,
    ]);

    const postOther = await test.app.inject({
      method: 'POST',
      url: byCode,
      payload: { id: 0, organization_Id: otherOrganizationId, emailNotifications: false },
    });
    expect([postOther.statusCode, postOther.json().message]).toEqual([404, 'organization_not_found']);
    const patchOther = await test.app.inject({
      method: 'PATCH',
      url: `${byCode}/${otherChoice.id}`,
      payload: [{ fieldName: 'emailNotifications', value: false }],
    });
    expect([patchOther.statusCode, patchOther.json().message]).toEqual([404, 'notification_not_found']);
    const other = await test.database.db
      .selectFrom('bidder_organization_notifications')
      .select(['sms_notifications', 'email_notifications'])
      .where('id', '=', otherChoice.id)
      .executeTakeFirstOrThrow();
    expect(other).toEqual({ sms_notifications: true, email_notifications: true });

    const patchOwn = await test.app.inject({
      method: 'PATCH',
      url: `${byCode}/${galaChoice.id}`,
      payload: [{ fieldName: 'emailNotifications', value: false }],
    });
    expect(patchOwn.json()).toMatchObject({ messages: ['saved_successfully'], emailNotifications: false });
  });
});
