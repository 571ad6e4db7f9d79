import { signUnsubscribeToken } from '@auction/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { otherOrganization } from '../../../fixtures/otherOrganization.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();
let organizationId: number;
beforeAll(async () => {
  organizationId = await otherOrganization(test.database.db, 'Club Désabonnement');
});

const channels = (userId: string) =>
  test.database.db
    .selectFrom('users')
    .select([
      'email_general_notifications',
      'email_outbid_notifications',
      'sms_general_notifications',
      'sms_outbid_notifications',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

const oneClick = (token: string) =>
  test.app.inject({
    method: 'POST',
    url: `/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('unsubscribe links in emails', () => {
  it('every email carries a signed link to the unsubscribe page in its language, which opens the page without login', async () => {
    const bidder = await registerConfirmed(test, { language: 'en' });
    const mail = await test.messaging.outbox.waitFor(bidder.body.username, { template: 'emailConfirmation' });
    const link = /http:\/\/auctions\.test\/en\/unsubscribe\?identity=(\S+)/.exec(mail.body);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    expect(token.startsWith(`${bidder.id}.all.`)).toBe(true);
    const model = await test.app.inject({
      method: 'GET',
      url: `/api/bidder-organization-notifications/by-code/${encodeURIComponent(token)}`,
    });
    expect(model.statusCode).toBe(200);
    expect(model.json().bidder.nickName).toBe(bidder.body.nickName);
  });

  it('one click (RFC 8058) turns the email notices off, and again changes nothing more', async () => {
    const bidder = await registerConfirmed(test);
    const token = signUnsubscribeToken(test.unsubscribeKey, { userId: bidder.id, organizationId: null });
    for (const _ of [1, 2]) {
      const answer = await oneClick(token);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true, messages: ['unsubscribed_successfully'] });
      expect(await channels(bidder.id)).toEqual({
        email_general_notifications: false,
        email_outbid_notifications: false,
        sms_general_notifications: true,
        sms_outbid_notifications: true,
      });
    }
  });

  it("keeps a bidder's last notification method: with SMS off, only the outbid emails stop", async () => {
    const bidder = await registerConfirmed(test, { sendSMSNotifications: false });
    expect((await channels(bidder.id)).sms_general_notifications).toBe(false);
    const token = signUnsubscribeToken(test.unsubscribeKey, { userId: bidder.id, organizationId: null });
    expect((await oneClick(token)).statusCode).toBe(200);
    expect(await channels(bidder.id)).toMatchObject({
      email_general_notifications: true,
      email_outbid_notifications: false,
    });
  });

  it("an organisation's link turns off that organisation's email only", async () => {
    const bidder = await registerConfirmed(test);
    const token = signUnsubscribeToken(test.unsubscribeKey, { userId: bidder.id, organizationId });
    expect((await oneClick(token)).statusCode).toBe(200);
    expect((await oneClick(token)).statusCode).toBe(200);
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/bidder-organization-notifications',
      headers: bearer(bidder.token),
    });
    expect(list.json()).toContainEqual(
      expect.objectContaining({ organization_Id: organizationId, smsNotifications: true, emailNotifications: false }),
    );
    expect((await channels(bidder.id)).email_general_notifications).toBe(true);
  });

  it('refuses a forged, altered or other-secret token with 401 and changes nothing', async () => {
    const bidder = await registerConfirmed(test);
    const genuine = signUnsubscribeToken(test.unsubscribeKey, { userId: bidder.id, organizationId: null });
    const otherKey = Buffer.alloc(32, 7);
    const forged = [
      signUnsubscribeToken(otherKey, { userId: bidder.id, organizationId: null }),
      genuine.replace('.all.', `.${organizationId}.`),
      `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`,
      bidder.id,
    ];
    for (const token of forged) {
      const answer = await oneClick(token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe('unsubscribe_unauthorized');
    }
    expect(await channels(bidder.id)).toMatchObject({
      email_general_notifications: true,
      email_outbid_notifications: true,
    });
  });
});

describe('the unsubscribe page saves only the changed channel', () => {
  it('turns an organisation email off for a bidder whose SMS is off', async () => {
    const bidder = await registerConfirmed(test, { sendSMSNotifications: false });
    const token = signUnsubscribeToken(test.unsubscribeKey, { userId: bidder.id, organizationId: null });
    const saved = await test.app.inject({
      method: 'POST',
      url: `/api/bidder-organization-notifications/by-code/${encodeURIComponent(token)}`,
      payload: { organization_Id: organizationId, emailNotifications: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ smsNotifications: true, emailNotifications: false });
    // Turning SMS back on for the organisation, once off, still needs a general SMS channel.
    const url = `/api/bidder-organization-notifications/by-code/${encodeURIComponent(token)}/${saved.json().id}`;
    const smsOff = await test.app.inject({
      method: 'PATCH',
      url,
      payload: [{ fieldName: 'smsNotifications', value: false }],
    });
    expect(smsOff.statusCode).toBe(200);
    const refused = await test.app.inject({
      method: 'PATCH',
      url,
      payload: [{ fieldName: 'smsNotifications', value: true }],
    });
    expect(refused.statusCode).toBe(403);
  });

  // The link is forwarded with the email and never expires: whoever holds it may only lower.
  it('lets an email’s link turn notices off but never back on, and says so to the page', async () => {
    const bidder = await registerConfirmed(test);
    const token = encodeURIComponent(
      signUnsubscribeToken(test.unsubscribeKey, { userId: bidder.id, organizationId: null }),
    );
    const base = `/api/bidder-organization-notifications/by-code/${token}`;
    const model = await test.app.inject({ method: 'GET', url: base });
    expect(model.json().onlyLower).toBe(true);
    const off = await test.app.inject({
      method: 'POST',
      url: base,
      payload: { organization_Id: organizationId, smsNotifications: false, emailNotifications: false },
    });
    expect(off.statusCode).toBe(200);
    const stored = () =>
      test.database.db
        .selectFrom('bidder_organization_notifications')
        .select(['sms_notifications', 'email_notifications'])
        .where('user_id', '=', bidder.id)
        .execute();
    for (const field of ['smsNotifications', 'emailNotifications']) {
      const patch = await test.app.inject({
        method: 'PATCH',
        url: `${base}/${off.json().id}`,
        payload: [{ fieldName: field, value: true }],
      });
      expect([patch.statusCode, patch.json().message]).toEqual([403, 'unsubscribe_only_lowers']);
      const post = await test.app.inject({
        method: 'POST',
        url: base,
        payload: { organization_Id: organizationId, [field]: true },
      });
      expect([post.statusCode, post.json().message]).toEqual([403, 'unsubscribe_only_lowers']);
    }
    expect(await stored()).toEqual([{ sms_notifications: false, email_notifications: false }]);
    // A choice not made yet is on: saying "on" again is no raise, and is saved.
    const demo = await test.auctionId('demo-gala');
    const { organization_id: galaOrganization } = await test.database.db
      .selectFrom('auctions')
      .select('organization_id')
      .where('id', '=', demo)
      .executeTakeFirstOrThrow();
    const unchanged = await test.app.inject({
      method: 'POST',
      url: base,
      payload: { organization_Id: galaOrganization, emailNotifications: true },
    });
    expect(unchanged.statusCode).toBe(200);
  });
});
