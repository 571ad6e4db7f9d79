// @vitest-environment jsdom
import type { Announcement, AnnouncementList } from '@auction/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnnouncementsSection from '../../../src/console/announcements/AnnouncementsSection.tsx';
import type { Locale } from '../../../src/i18n/routes.ts';
import type { apiStub } from '../../paymentFixtures.ts';
import { renderSection } from '../renderSection.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const delivery = (
  recipients: number,
  sent: number,
  extra: Partial<Record<'skipped' | 'failed' | 'pending', number>> = {},
) => ({
  recipients,
  sent,
  skipped: 0,
  failed: 0,
  pending: 0,
  ...extra,
});

const sentEarlier: Announcement = {
  id: 3,
  message: { fr: 'Le buffet est servi.', en: 'The buffet is open.' },
  audience: 'arrived',
  channels: ['sms'],
  sentBy: 'Camille Roy',
  sentAt: '2026-11-23T23:30:00Z',
  queued: true,
  delivery: { email: delivery(0, 0), sms: delivery(40, 38, { skipped: 2 }), push: delivery(0, 0) },
};

const list = (announcements: Announcement[]): AnnouncementList => ({
  reach: {
    all: { guests: 120, email: 118, sms: 90, push: 12 },
    arrived: { guests: 45, email: 44, sms: 40, push: 5 },
    notArrived: { guests: 75, email: 74, sms: 50, push: 0 },
  },
  announcements,
});

/** The section of the fixture auction, its API answered by `answers` (the network boundary's double). */
const showAnnouncements = (answers: Parameters<typeof apiStub>[0], locale?: Locale) =>
  renderSection(AnnouncementsSection, answers, locale ? { locale } : {});

describe("the console's messages to guests", () => {
  it('shows each audience and channel with the guests it reaches, and what became of earlier messages', async () => {
    showAnnouncements({ 'GET /api/admin/auctions/': [200, list([sentEarlier])] });
    await screen.findByLabelText('All guests (120)');
    expect(screen.getByLabelText('Email (118 guests)')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Guests checked in at the venue (45)'));
    expect(screen.getByLabelText('Text message (40 guests)')).toBeTruthy();
    expect(screen.getByText('The buffet is open.')).toBeTruthy();
    expect(screen.getByText(/Text message \(40 guests\): 38 sent, 2 not sent/)).toBeTruthy();
  });

  it('refuses an empty message before asking, then sends once with one command id after the confirmation', async () => {
    const sent: Announcement = { ...sentEarlier, id: 4, audience: 'all', channels: ['email'], queued: true };
    const api = showAnnouncements({
      'GET /api/admin/auctions/': [200, list([])],
      'POST /api/admin/auctions/': [200, { duplicate: false, announcement: sent }],
    });
    await screen.findByText('No message has been sent to this auction’s guests yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    await screen.findByText('Write the message in French or in English.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Message in French'), {
      target: { value: '  Les mises ferment dans 10 minutes.  ' },
    });
    fireEvent.click(screen.getByLabelText('Text message (90 guests)'));
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    await screen.findByText(/It goes out at once to all the guests and cannot be taken back/);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await screen.findByText('Message sent to the guests.');
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      message: { fr: 'Les mises ferment dans 10 minutes.' },
      channels: ['email'],
      audience: 'all',
      commandId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The form is empty again for the next message.
    await waitFor(() => expect((screen.getByLabelText('Message in French') as HTMLTextAreaElement).value).toBe(''));
  });

  it('says so in French', async () => {
    showAnnouncements({ 'GET /api/admin/auctions/': [200, list([sentEarlier])] }, 'fr');
    await screen.findByLabelText('Tous les invités (120)');
    expect(screen.getByLabelText('Texto (90 invités)')).toBeTruthy();
    expect(screen.getByText('Le buffet est servi.')).toBeTruthy();
    expect(screen.getByText(/Texto \(40 invités\) : 38 envoyés, 2 non envoyés/)).toBeTruthy();
  });
});
