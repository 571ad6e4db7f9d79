import { describe, expect, it } from 'vitest';
import {
  type AnnouncementGuest,
  announcementMessages,
  guestChannels,
  reachOf,
} from '../../src/announcements/announcementPlan.ts';

const guest = (overrides: Partial<AnnouncementGuest> = {}): AnnouncementGuest => ({
  userId: '11111111-1111-4111-8111-111111111111',
  firstName: 'Léa',
  email: 'lea@example.org',
  phone: '5145550101',
  language: 'fr',
  arrived: false,
  smsGeneral: true,
  emailGeneral: true,
  pushGeneral: true,
  organization: null,
  smsStopped: false,
  hasPushSubscription: true,
  ...overrides,
});

const auction = {
  announcementId: 7,
  organizationId: 3,
  names: { fr: 'Gala des Neiges', en: 'Snow Gala' },
  urlMagicLink: 'gala neiges',
  link: (language: 'en' | 'fr') => `https://encans.example.org/${language}/gala%20neiges`,
};

describe('who an announcement reaches, and how', () => {
  it('follows the general switches, the organisation, the address and STOP', () => {
    expect(guestChannels(guest())).toEqual({ email: true, sms: true, push: true });
    expect(guestChannels(guest({ smsStopped: true }))).toEqual({ email: true, sms: false, push: true });
    expect(guestChannels(guest({ emailGeneral: false, pushGeneral: false }))).toEqual({
      email: false,
      sms: true,
      push: false,
    });
    expect(guestChannels(guest({ organization: { sms: false, email: true } })).sms).toBe(false);
    expect(guestChannels(guest({ phone: null, hasPushSubscription: false }))).toEqual({
      email: true,
      sms: false,
      push: false,
    });
  });

  it('counts each audience by channel', () => {
    const guests = [guest({ arrived: true }), guest({ smsStopped: true }), guest({ emailGeneral: false })];
    expect(reachOf(guests, 'all')).toEqual({ guests: 3, email: 2, sms: 2, push: 3 });
    expect(reachOf(guests, 'arrived')).toEqual({ guests: 1, email: 1, sms: 1, push: 1 });
    expect(reachOf(guests, 'notArrived')).toEqual({ guests: 2, email: 1, sms: 1, push: 2 });
  });

  it('reaches one guest alone when written to from the bidders list', () => {
    const sam = guest({ userId: '22222222-2222-4222-8222-222222222222', language: 'en', smsStopped: true });
    const guests = [guest(), sam];
    expect(reachOf(guests, { guestId: sam.userId })).toEqual({ guests: 1, email: 1, sms: 0, push: 1 });
    expect(reachOf(guests, { guestId: '33333333-3333-4333-8333-333333333333' })).toEqual({
      guests: 0,
      email: 0,
      sms: 0,
      push: 0,
    });
    const jobs = announcementMessages(
      guests,
      {
        message: { en: 'Your car lights are on.' },
        channels: ['email', 'sms'],
        audience: 'guest',
        guestId: sam.userId,
      },
      auction,
    );
    expect(jobs.map((job) => [job.userId, job.channel])).toEqual([[sam.userId, 'email']]);
  });

  it('writes one message per guest and channel chosen, in their language or else the one written', () => {
    const english = guest({ userId: '22222222-2222-4222-8222-222222222222', language: 'en', email: 'sam@example.org' });
    const jobs = announcementMessages(
      [guest(), english],
      { message: { fr: 'Les mises ferment bientôt.' }, channels: ['email', 'sms'], audience: 'all' },
      auction,
    );
    expect(jobs.map((job) => job.id)).toEqual([
      'announcement:7:11111111-1111-4111-8111-111111111111:email',
      'announcement:7:11111111-1111-4111-8111-111111111111:sms',
      'announcement:7:22222222-2222-4222-8222-222222222222:email',
      'announcement:7:22222222-2222-4222-8222-222222222222:sms',
    ]);
    expect(jobs[2]).toMatchObject({
      to: 'sam@example.org',
      language: 'en',
      template: 'auctionAnnouncementEmail',
      organizationId: 3,
      params: {
        firstName: 'Léa',
        auctionName: 'Snow Gala',
        announcement: 'Les mises ferment bientôt.',
        link: 'https://encans.example.org/en/gala%20neiges',
      },
    });
    expect(jobs[1]).toMatchObject({ to: '5145550101', template: 'auctionAnnouncementSms' });
    expect(jobs[1]?.params).not.toHaveProperty('firstName');
  });
});
