import { describe, expect, it } from 'vitest';
import {
  channelsFor,
  type NotificationFamily,
  type NotificationPreferences,
} from '../../src/messages/notificationChannels.ts';

describe('notification channels', () => {
  const all: NotificationPreferences = {
    smsGeneral: true,
    emailGeneral: true,
    smsOutbid: true,
    emailOutbid: true,
    organization: null,
    hasPhone: true,
    hasEmail: true,
    pushOutbid: true,
    pushGeneral: true,
    hasPushSubscription: true,
  };
  const cases: Array<
    [string, Partial<NotificationPreferences>, NotificationFamily, { sms?: boolean; email?: boolean; push?: boolean }]
  > = [
    ['everything on', {}, 'outbid', { sms: true, email: true }],
    ['outbid SMS off', { smsOutbid: false }, 'outbid', { sms: false, email: true }],
    ['outbid email off', { emailOutbid: false }, 'outbid', { sms: true, email: false }],
    [
      'general off does not stop outbid',
      { smsGeneral: false, emailGeneral: false },
      'outbid',
      { sms: true, email: true },
    ],
    [
      'outbid off does not stop the winner',
      { smsOutbid: false, emailOutbid: false },
      'general',
      { sms: true, email: true },
    ],
    ['general SMS off', { smsGeneral: false }, 'general', { sms: false, email: true }],
    ['general email off', { emailGeneral: false }, 'general', { sms: true, email: false }],
    ['organisation SMS off', { organization: { sms: false, email: true } }, 'outbid', { sms: false, email: true }],
    ['organisation email off', { organization: { sms: true, email: false } }, 'general', { sms: true, email: false }],
    ['no phone', { hasPhone: false }, 'outbid', { sms: false, email: true }],
    ['no email address', { hasEmail: false }, 'general', { sms: true, email: false }],
    ['everything on, push too', {}, 'general', { sms: true, email: true, push: true }],
    ['outbid push off', { pushOutbid: false }, 'outbid', { sms: true, email: true, push: false }],
    ['outbid push off does not stop the winner', { pushOutbid: false }, 'general', { push: true }],
    [
      'general push off stops the winner only',
      { pushGeneral: false },
      'general',
      { sms: true, email: true, push: false },
    ],
    ['general push off does not stop outbid', { pushGeneral: false }, 'outbid', { push: true }],
    ['no browser subscribed', { hasPushSubscription: false }, 'outbid', { sms: true, email: true, push: false }],
    [
      'the organisation switches leave push alone',
      { organization: { sms: false, email: false } },
      'outbid',
      { push: true },
    ],
  ];
  for (const [name, overrides, kind, expected] of cases) {
    it(`${kind}: ${name}`, () => expect(channelsFor(kind, { ...all, ...overrides })).toMatchObject(expected));
  }
});
