// @vitest-environment jsdom
import type { Announcement, AnnouncementList, operator } from '@auction/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnnouncementsSection from '../../../src/console/announcements/AnnouncementsSection.tsx';
import { toLocalInput } from '../../../src/console/setup/zonedTime.ts';
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
  guest: null,
  channels: ['sms'],
  sentBy: 'Camille Roy',
  recordedAt: '2026-11-23T23:30:00Z',
  sendAt: null,
  minutesBeforeEnd: null,
  closingGroup: null,
  sentAt: '2026-11-23T23:30:00Z',
  cancelledAt: null,
  cancelledBy: null,
  revision: 0,
  changedAt: null,
  changedBy: null,
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

/** The draw's message, set for three hours from now (to the minute), at its second revision. */
function drawSetForLater() {
  const sendAt = new Date(Date.now() + 3 * 60 * 60 * 1000);
  sendAt.setSeconds(0, 0);
  const waiting: Announcement = {
    ...sentEarlier,
    id: 7,
    message: { fr: 'Le tirage a lieu à 22 h.', en: 'The draw is at 10 p.m.' },
    sendAt: sendAt.toISOString(),
    sentAt: null,
    revision: 2,
  };
  return { sendAt, waiting };
}

/** The section of the fixture auction, its API answered by `answers` (the network boundary's double). */
const showAnnouncements = (
  answers: Parameters<typeof apiStub>[0],
  locale?: Locale,
  auction?: Partial<operator.OperatorAuction>,
) => renderSection(AnnouncementsSection, answers, { ...(locale ? { locale } : {}), ...(auction ? { auction } : {}) });

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
    const sent: Announcement = { ...sentEarlier, id: 4, audience: 'all', channels: ['email'] };
    const api = showAnnouncements({
      'GET /api/admin/auctions/': [200, list([])],
      'POST /api/admin/auctions/': [200, { duplicate: false, announcement: sent }],
    });
    await screen.findByText("No message has been sent to this auction's guests yet.");
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

  it('sets a message to go out later: the confirmation names the time, and the API gets it with its offset', async () => {
    // Tomorrow at 21:30 in the browser's zone, as the manager types it.
    const at = new Date();
    at.setDate(at.getDate() + 1);
    at.setHours(21, 30, 0, 0);
    const day = at.toLocaleDateString('en-CA', { weekday: 'long', month: 'long', day: 'numeric' });
    const scheduled: Announcement = { ...sentEarlier, id: 5, sendAt: at.toISOString(), sentAt: null };
    const api = showAnnouncements({
      'GET /api/admin/auctions/': [200, list([])],
      'POST /api/admin/auctions/': [200, { duplicate: false, announcement: scheduled }],
    });
    await screen.findByText("No message has been sent to this auction's guests yet.");
    fireEvent.change(screen.getByLabelText('Message in English'), {
      target: { value: 'Bidding closes in ten minutes.' },
    });
    expect(screen.queryByLabelText('Date and time it goes out')).toBeNull();
    fireEvent.click(screen.getByLabelText('Send later'));
    fireEvent.change(screen.getByLabelText('Date and time it goes out'), {
      target: { value: toLocalInput(at.toISOString()) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Schedule this message?' });
    expect(dialog.textContent).toContain(`It will go out on ${day} at 9:30 p.m. to all the guests`);
    expect(dialog.textContent).toContain('Email (118 guests) · Text message (90 guests)');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Message scheduled: it will go out at the time chosen.');
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]?.body as { sendAt: string };
    expect(body).toMatchObject({ message: { en: 'Bidding closes in ten minutes.' }, channels: ['email', 'sms'] });
    expect(body.sendAt).toMatch(/^\d{4}-\d{2}-\d{2}T21:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(body.sendAt)).toBe(at.getTime());
    // The list was read again after the send.
    expect(api.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('refuses a later time that is missing or already past before asking, under the API’s keys', async () => {
    const api = showAnnouncements({ 'GET /api/admin/auctions/': [200, list([])] });
    await screen.findByText("No message has been sent to this auction's guests yet.");
    fireEvent.change(screen.getByLabelText('Message in French'), { target: { value: 'Le buffet ferme bientôt.' } });
    fireEvent.click(screen.getByLabelText('Send later'));
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    await screen.findByText('Choose the date and time the message goes out.');

    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const time = screen.getByLabelText('Date and time it goes out');
    fireEvent.change(time, { target: { value: toLocalInput(anHourAgo) } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    await screen.findByText('Choose a time later than now.');
    expect(time.getAttribute('aria-invalid')).toBe('true');

    const inNinetyDays = new Date(Date.now() + 90 * 24 * 60 * 60 * 1000).toISOString();
    fireEvent.change(time, { target: { value: toLocalInput(inNinetyDays) } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    await screen.findByText('A message can be set to go out at most 60 days ahead.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("ties a message to the auction's end: the form says when that is, and the API gets the minutes", async () => {
    // The auction ends tomorrow at 22:00 in the browser's zone: ten minutes before is 9:50 p.m.
    const end = new Date();
    end.setDate(end.getDate() + 1);
    end.setHours(22, 0, 0, 0);
    const day = end.toLocaleDateString('en-CA', { weekday: 'long', month: 'long', day: 'numeric' });
    const api = showAnnouncements(
      {
        'GET /api/admin/auctions/': [200, list([])],
        'POST /api/admin/auctions/': [200, { duplicate: false, announcement: { ...sentEarlier, id: 6 } }],
      },
      undefined,
      { status: 3, dateCompleted: end.toISOString() },
    );
    await screen.findByText("No message has been sent to this auction's guests yet.");
    fireEvent.change(screen.getByLabelText('Message in English'), {
      target: { value: 'Bidding closes in ten minutes!' },
    });
    fireEvent.click(screen.getByLabelText('Before the auction ends'));
    const minutes = screen.getByLabelText('Minutes before the end');
    expect((minutes as HTMLInputElement).value).toBe('10');
    expect(minutes.closest('.field')?.textContent).toMatch(/it goes out at 9:50\sp\.m\./);

    // Out of range: refused before asking, under the API's key.
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    await screen.findByText('Choose from 1 to 1,440 minutes before the auction ends.');
    expect(minutes.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(minutes, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule this message?' });
    expect(dialog.textContent).toContain(`It will go out 15 minutes before the auction ends, now on ${day} at 9:45`);
    expect(dialog.textContent).toContain('to all the guests, following the end if it is moved');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Message scheduled: it will go out at the time chosen.');
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ minutesBeforeEnd: 15, channels: ['email', 'sms'] });
    expect(posts[0]?.body).not.toHaveProperty('sendAt');
  });

  it("ties a message to a closing group's end instead: the form says when the group closes, the API gets the group", async () => {
    // The auction ends in two days; its lounge tables close tomorrow at 21:00 in the browser's zone.
    const auctionEnd = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
    const groupEnd = new Date();
    groupEnd.setDate(groupEnd.getDate() + 1);
    groupEnd.setHours(21, 0, 0, 0);
    const names = (en: string, fr: string) => [
      { languageCode: 'en', name: en },
      { languageCode: 'fr', name: fr },
    ];
    const api = showAnnouncements(
      {
        'GET /api/admin/auctions/': [200, list([])],
        'POST /api/admin/auctions/': [200, { duplicate: false, announcement: { ...sentEarlier, id: 7 } }],
      },
      undefined,
      {
        status: 3,
        dateCompleted: auctionEnd,
        closingGroups: [
          {
            id: 41,
            isHiddenInMenu: false,
            dateCompleted: groupEnd.toISOString(),
            translations: names('Lounge tables', 'Tables du salon'),
          },
          {
            id: 42,
            isHiddenInMenu: false,
            dateCompleted: new Date(Date.now() - 60_000).toISOString(),
            translations: names('Early birds', 'Lève-tôt'),
          },
        ],
      },
    );
    await screen.findByText("No message has been sent to this auction's guests yet.");
    fireEvent.change(screen.getByLabelText('Message in English'), {
      target: { value: 'The lounge tables close soon!' },
    });
    fireEvent.click(screen.getByLabelText('Before the auction ends'));
    const endOf = screen.getByLabelText('Before the end of') as HTMLSelectElement;
    expect([...endOf.options].map((option) => option.textContent)).toEqual([
      'The auction',
      'Lounge tables',
      'Early birds',
    ]);
    fireEvent.change(endOf, { target: { value: '41' } });
    const minutes = screen.getByLabelText('Minutes before the end');
    expect(minutes.closest('.field')?.textContent).toMatch(
      /“Lounge tables” closes on .* so it goes out at 8:50\sp\.m\./,
    );

    // A group already closed: refused before asking, under the API's key.
    fireEvent.change(endOf, { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    await screen.findByText('This closing group has already closed: a message tied to its end can no longer be set.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(endOf, { target: { value: '41' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule this message?' });
    expect(dialog.textContent).toContain('It will go out 10 minutes before “Lounge tables” closes');
    expect(dialog.textContent).toContain("following the group's end if it is moved");
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Message scheduled: it will go out at the time chosen.');
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ minutesBeforeEnd: 10, closingGroupId: 41 });
  });

  it('refuses a message tied to an end too close for its minutes before asking', async () => {
    const soon = new Date(Date.now() + 5 * 60 * 1000).toISOString();
    const api = showAnnouncements({ 'GET /api/admin/auctions/': [200, list([])] }, undefined, {
      status: 3,
      dateCompleted: soon,
    });
    await screen.findByText("No message has been sent to this auction's guests yet.");
    fireEvent.change(screen.getByLabelText('Message in French'), { target: { value: 'Dernier appel !' } });
    fireEvent.click(screen.getByLabelText('Before the auction ends'));
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    await screen.findByText('Choose a time later than now.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sets a message for later even when the ways chosen reach nobody yet, as guests may register before then', async () => {
    const empty = list([]);
    empty.reach.notArrived = { guests: 0, email: 0, sms: 0, push: 0 };
    showAnnouncements({ 'GET /api/admin/auctions/': [200, empty] });
    await screen.findByText("No message has been sent to this auction's guests yet.");
    fireEvent.change(screen.getByLabelText('Message in English'), { target: { value: 'See you tonight.' } });
    fireEvent.click(screen.getByLabelText('Guests not checked in (0)'));
    fireEvent.click(screen.getByRole('button', { name: 'Send…' }));
    await screen.findByText('No guest in this group can be reached the ways chosen.');

    fireEvent.click(screen.getByLabelText('Send later'));
    const inThreeHours = new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString();
    fireEvent.change(screen.getByLabelText('Date and time it goes out'), {
      target: { value: toLocalInput(inThreeHours) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule…' }));
    await screen.findByRole('dialog', { name: 'Schedule this message?' });
  });

  it('lists a message set for later first, with its time, and cancels it after a confirmation', async () => {
    const sendAt = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const waiting: Announcement = {
      ...sentEarlier,
      id: 7,
      message: { en: 'Bidding closes in ten minutes.' },
      recordedAt: new Date().toISOString(),
      sendAt: sendAt.toISOString(),
      sentAt: null,
    };
    const cancelled: Announcement = { ...waiting, cancelledAt: new Date().toISOString(), cancelledBy: 'Camille Roy' };
    const api = showAnnouncements({
      'GET /api/admin/auctions/': [
        [200, list([waiting, sentEarlier])],
        [200, list([cancelled, sentEarlier])],
      ],
      'POST /api/admin/auctions/': [200, cancelled],
    });
    const heading = await screen.findByRole('heading', { name: 'Going out later' });
    const item = screen.getByText('Bidding closes in ten minutes.').closest('li') as HTMLElement;
    expect(heading.compareDocumentPosition(item) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const day = sendAt.toLocaleDateString('en-CA', { weekday: 'long', month: 'long', day: 'numeric' });
    expect(item.textContent).toContain(`Goes out on ${day} at `);
    // Nothing has gone out yet: no delivery counts.
    expect(item.querySelector('.announcements__delivery')).toBeNull();

    fireEvent.click(within(item).getByRole('button', { name: 'Cancel…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this message?' });
    expect(dialog.textContent).toContain(`It was set to go out on ${day} at `);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the message' }));
    await screen.findByText('Message cancelled: it will not go out.');
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual(['/api/admin/auctions/12/announcements/7/cancel']);
    await waitFor(() =>
      expect(document.querySelector('.announcements__item--cancelled .announcements__status')?.textContent).toMatch(
        /^Cancelled by Camille Roy on \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2}\s[ap]\.m\.$/,
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Going out later' })).toBeNull();
  });

  it('says so in the dialog when the message went out before it could be cancelled', async () => {
    const waiting: Announcement = {
      ...sentEarlier,
      id: 8,
      sendAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      sentAt: null,
    };
    const sent: Announcement = { ...waiting, sentAt: new Date().toISOString() };
    showAnnouncements({
      // The list read after the refusal has it sent: it moves to the earlier messages.
      'GET /api/admin/auctions/': [
        [200, list([waiting])],
        [200, list([sent])],
      ],
      'POST /api/admin/auctions/': [
        409,
        { message: 'announcement_not_cancellable', messages: ['announcement_not_cancellable'] },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the message' }));
    await within(dialog).findByText('This message has already gone out: it can no longer be cancelled.');
    // The dialog, held by the section, stays with its refusal while the list shows the message sent.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Going out later' })).toBeNull());
    expect(dialog.isConnected).toBe(true);
    expect(within(dialog).getByText('This message has already gone out: it can no longer be cancelled.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes a message set for later from the form filled from it, saved once over the revision it was read at', async () => {
    const { sendAt, waiting } = drawSetForLater();
    const changed: Announcement = {
      ...waiting,
      message: { fr: 'Le tirage est avancé à 21 h 30.', en: 'The draw is at 10 p.m.' },
      revision: 3,
      changedAt: new Date().toISOString(),
      changedBy: 'Marc Tremblay',
    };
    const api = showAnnouncements({
      'GET /api/admin/auctions/': [
        [200, list([waiting])],
        [200, list([changed])],
      ],
      'PUT /api/admin/auctions/': [200, { duplicate: false, announcement: changed }],
    });
    const item = (await screen.findByText('The draw is at 10 p.m.')).closest('li') as HTMLElement;
    fireEvent.click(within(item).getByRole('button', { name: 'Change…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the message set for later' });
    expect((within(dialog).getByLabelText('Message in French') as HTMLTextAreaElement).value).toBe(
      'Le tirage a lieu à 22 h.',
    );
    expect((within(dialog).getByLabelText('Guests checked in at the venue (45)') as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(dialog).getByLabelText('Text message (40 guests)') as HTMLInputElement).checked).toBe(true);
    // It stays set for later: no "now".
    expect(within(dialog).queryByLabelText('Send now')).toBeNull();
    expect((within(dialog).getByLabelText('Send later') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Date and time it goes out') as HTMLInputElement).value).toBe(
      toLocalInput(sendAt.toISOString()),
    );

    fireEvent.change(within(dialog).getByLabelText('Message in French'), {
      target: { value: 'Le tirage est avancé à 21 h 30.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the change' }));
    await screen.findByText('Change saved: the message goes out as changed.');
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.url, call.body])).toEqual([
      [
        '/api/admin/auctions/12/announcements/7',
        {
          message: { fr: 'Le tirage est avancé à 21 h 30.', en: 'The draw is at 10 p.m.' },
          channels: ['sms'],
          audience: 'arrived',
          sendAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/),
          revision: 2,
          commandId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ],
    ]);
    expect(Date.parse((puts[0]?.body as { sendAt?: string } | undefined)?.sendAt ?? '')).toBe(sendAt.getTime());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.querySelector('.announcements__meta')?.textContent).toMatch(
        / · to guests at the venue · changed by Marc Tremblay on \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2}\s[ap]\.m\. History…$/,
      ),
    );
  });

  it('keeps a message to one guest theirs and at a time, and after a conflict saves over the new revision as a new command', async () => {
    const waiting: Announcement = {
      ...sentEarlier,
      id: 9,
      message: { fr: 'Votre table est prête à 20 h.' },
      audience: 'guest',
      guest: { userId: 'f1c0ffee-0000-4000-8000-000000000001', name: 'Élise Gagnon' },
      channels: ['email'],
      sendAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      sentAt: null,
      revision: 1,
    };
    const theirs: Announcement = {
      ...waiting,
      message: { fr: 'Votre table est prête à 20 h 15.' },
      revision: 2,
      changedAt: new Date().toISOString(),
      changedBy: 'Marc Tremblay',
    };
    const changed = [409, { message: 'announcement_changed', messages: ['announcement_changed'], revision: 2 }] as [
      number,
      unknown,
    ];
    const api = showAnnouncements(
      {
        'GET /api/admin/auctions/': [
          [200, list([waiting])],
          [200, list([theirs])],
        ],
        'PUT /api/admin/auctions/': [changed, changed, [200, { duplicate: false, announcement: theirs }]],
      },
      undefined,
      {
        // An auction with an end and a closing group: still, a message to one guest is not tied to them.
        status: 3,
        dateCompleted: new Date(Date.now() + 2 * 3600_000).toISOString(),
        closingGroups: [
          {
            id: 5,
            isHiddenInMenu: false,
            dateCompleted: new Date(Date.now() + 3600_000).toISOString(),
            translations: [{ languageCode: 'en', name: 'First wave' }],
          },
        ],
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Change…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the message to Élise Gagnon' });
    expect(within(dialog).queryByText('All guests (120)')).toBeNull();
    expect(within(dialog).queryByLabelText('Before the end')).toBeNull();
    expect(within(dialog).getByLabelText('Email')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save the change' });
    fireEvent.click(save);
    const notice = await within(dialog).findByRole('region', { name: 'Someone changed this message meanwhile' });
    // Who gets it is never a difference: it stays theirs.
    expect([...notice.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Message in French']);
    // Saved again without a choice, it is the same request: the same command, refused again.
    fireEvent.click(save);
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Keep my changes' }));
    fireEvent.click(save);
    await screen.findByText('Change saved: the message goes out as changed.');
    const bodies = api.calls
      .filter((call) => call.method === 'PUT')
      .map((call) => call.body as { commandId: string; audience?: string; revision: number });
    expect(bodies.map((body) => [body.audience, body.revision])).toEqual([
      [undefined, 1],
      [undefined, 1],
      [undefined, 2],
    ]);
    expect(bodies[1]?.commandId).toBe(bodies[0]?.commandId);
    expect(bodies[2]?.commandId).not.toBe(bodies[0]?.commandId);
  });

  describe('when someone else changed the message meanwhile', () => {
    const { sendAt, waiting: mine } = drawSetForLater();
    const later = new Date(sendAt.getTime() + 60 * 60 * 1000);
    const theirs: Announcement = {
      ...mine,
      message: { fr: 'Le tirage est reporté à 23 h.', en: 'The draw is at 10 p.m.' },
      channels: ['email', 'sms'],
      sendAt: later.toISOString(),
      revision: 3,
      changedAt: '2026-11-27T23:10:00Z',
      changedBy: 'Marc Tremblay',
    };
    const refused = [409, { message: 'announcement_changed', messages: ['announcement_changed'], revision: 3 }] as [
      number,
      unknown,
    ];

    /** The change dialog of `mine` with its English words typed anew and saved, refused by the API. */
    async function saveOverTheirs(answers: Parameters<typeof apiStub>[0]) {
      const api = showAnnouncements(answers);
      const item = (await screen.findByText('The draw is at 10 p.m.')).closest('li') as HTMLElement;
      fireEvent.click(within(item).getByRole('button', { name: 'Change…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change the message set for later' });
      fireEvent.change(within(dialog).getByLabelText('Message in English'), {
        target: { value: 'The draw is at 9:30 p.m.' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save the change' }));
      return { api, dialog };
    }

    it('keeps what was typed, shows what their version says where it differs, and saves it over their revision only on Save', async () => {
      const { api, dialog } = await saveOverTheirs({
        'GET /api/admin/auctions/': [
          [200, list([mine])],
          [200, list([theirs])],
        ],
        'PUT /api/admin/auctions/': [refused, [200, { duplicate: false, announcement: { ...theirs, revision: 4 } }]],
      });
      const notice = await within(dialog).findByRole('region', { name: 'Someone changed this message meanwhile' });
      // Above the fields, and where the focus is, so the operator reads it even from the Save at the bottom.
      expect(
        notice.compareDocumentPosition(within(dialog).getByLabelText('Message in French')) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(document.activeElement?.textContent).toBe('Someone changed this message meanwhile');
      expect(notice.textContent).toMatch(
        /Marc Tremblay changed it on \d{2}\/\d{2}\/\d{4} at .+; where it differs from what you typed, it now says:/,
      );
      // Each part that differs, with their version: the French words they changed, the English ones
      // the operator typed, the ways and the time they changed.
      const parts = [...notice.querySelectorAll('dl > div')].map((part) => [
        part.querySelector('dt')?.textContent,
        part.querySelector('dd')?.textContent,
      ]);
      const day = later.toLocaleDateString('en-CA', { weekday: 'long', month: 'long', day: 'numeric' });
      expect(parts).toEqual([
        ['Message in French', 'Le tirage est reporté à 23 h.'],
        ['Message in English', 'The draw is at 10 p.m.'],
        ['How', 'Email · Text message'],
        ['When', expect.stringMatching(new RegExp(`^on ${day} at `))],
      ]);
      // What was typed is still there; the API's key is not said below the form.
      expect((within(dialog).getByLabelText('Message in English') as HTMLTextAreaElement).value).toBe(
        'The draw is at 9:30 p.m.',
      );
      expect(within(dialog).queryByText(/Read it again, then make your change/)).toBeNull();

      fireEvent.click(within(notice).getByRole('button', { name: 'Keep my changes' }));
      expect(within(dialog).queryByRole('region')).toBeNull();
      within(dialog).getByText('Your changes are kept: “Save the change” puts them in place of their version.');
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Save the change' }));
      // Nothing is saved before Save is pressed again.
      expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save the change' }));
      await screen.findByText('Change saved: the message goes out as changed.');
      const puts = api.calls
        .filter((call) => call.method === 'PUT')
        .map((call) => call.body as Record<string, unknown>);
      expect(puts[1]).toEqual({
        message: { fr: 'Le tirage a lieu à 22 h.', en: 'The draw is at 9:30 p.m.' },
        channels: ['sms'],
        audience: 'arrived',
        sendAt: expect.any(String),
        revision: 3,
        commandId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(Date.parse(String(puts[1]?.sendAt))).toBe(sendAt.getTime());
      expect(puts[1]?.commandId).not.toBe(puts[0]?.commandId);
    });

    it('fills the fields from their version when the operator uses it, and saves nothing', async () => {
      const { api, dialog } = await saveOverTheirs({
        'GET /api/admin/auctions/': [
          [200, list([mine])],
          [200, list([theirs])],
        ],
        'PUT /api/admin/auctions/': refused,
      });
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Use their version' }));
      const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
      expect(field('Message in French').value).toBe('Le tirage est reporté à 23 h.');
      expect(field('Message in English').value).toBe('The draw is at 10 p.m.');
      expect(field('Email (44 guests)').checked).toBe(true);
      expect(field('Text message (40 guests)').checked).toBe(true);
      expect(field('Date and time it goes out').value).toBe(toLocalInput(later.toISOString()));
      expect(document.activeElement).toBe(field('Message in French'));
      within(dialog).getByText('The fields now show their version: change it, or keep it as it is.');
      expect(within(dialog).queryByRole('region')).toBeNull();
      expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    });

    it('says so and offers only Close when the message went out meanwhile', async () => {
      const sent: Announcement = { ...mine, sentAt: new Date().toISOString() };
      const { dialog } = await saveOverTheirs({
        'GET /api/admin/auctions/': [
          [200, list([mine])],
          [200, list([sent])],
        ],
        'PUT /api/admin/auctions/': [
          409,
          { message: 'announcement_not_changeable', messages: ['announcement_not_changeable'] },
        ],
      });
      const said = await screen.findByText(
        'This message went out meanwhile: your change was not saved, and it can no longer be changed.',
      );
      const gone = screen.getByRole('dialog', { name: 'Change the message set for later' });
      expect(gone.contains(said)).toBe(true);
      expect(dialog.isConnected).toBe(false);
      expect(within(gone).queryByRole('textbox')).toBeNull();
      expect(
        within(gone)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Close', '×']);
      fireEvent.click(within(gone).getByText('Close'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('says it was cancelled when the list read again after the conflict has it cancelled', async () => {
      const cancelled: Announcement = {
        ...theirs,
        cancelledAt: new Date().toISOString(),
        cancelledBy: 'Marc Tremblay',
      };
      await saveOverTheirs({
        'GET /api/admin/auctions/': [
          [200, list([mine])],
          [200, list([cancelled])],
        ],
        'PUT /api/admin/auctions/': refused,
      });
      await screen.findByText(
        'This message was cancelled meanwhile: your change was not saved, and it can no longer be changed.',
      );
      expect(screen.queryByRole('button', { name: 'Keep my changes' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Save the change' })).toBeNull();
    });
  });

  it('shows the history of a changed message: by whom and when, and only what each change changed', async () => {
    const sendAt = new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString();
    const waiting: Announcement = {
      ...sentEarlier,
      id: 14,
      message: { fr: 'Le tirage est avancé à 21 h 30.' },
      sendAt,
      sentAt: null,
      revision: 2,
      changedAt: '2026-11-27T23:10:00Z',
      changedBy: 'Marc Tremblay',
    };
    const version = {
      message: { fr: 'Le tirage a lieu à 22 h.' },
      audience: 'all' as const,
      channels: ['email' as const],
      sendAt,
      minutesBeforeEnd: null,
      closingGroupId: null,
    };
    const api = showAnnouncements({
      'GET /api/admin/auctions/12/announcements/14/changes': [
        200,
        [
          {
            changedAt: '2026-11-27T23:00:00Z',
            changedBy: 'Camille Roy',
            before: version,
            after: { ...version, message: { fr: 'Le tirage est avancé à 21 h 30.' } },
          },
          {
            changedAt: '2026-11-27T23:10:00Z',
            changedBy: 'Marc Tremblay',
            before: { ...version, message: { fr: 'Le tirage est avancé à 21 h 30.' } },
            after: {
              ...version,
              message: { fr: 'Le tirage est avancé à 21 h 30.' },
              audience: 'arrived',
              channels: ['email', 'sms'],
              sendAt: null,
              minutesBeforeEnd: 15,
            },
          },
        ],
      ],
      'GET /api/admin/auctions/': [200, list([waiting])],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'History…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes to this message' });
    const entries = await within(dialog).findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toMatch(/^Camille Roy, on \d{2}\/\d{2}\/\d{4} at /);
    expect(entries[0]?.querySelectorAll('dt')).toHaveLength(1);
    expect(within(entries[0] as HTMLElement).getByText('Le tirage a lieu à 22 h.').tagName).toBe('DEL');
    expect(within(entries[0] as HTMLElement).getByText('Le tirage est avancé à 21 h 30.').tagName).toBe('INS');
    // The second changed who, how and when, not the words.
    expect([...(entries[1]?.querySelectorAll('dt') ?? [])].map((term) => term.textContent)).toEqual([
      'Who gets it',
      'How',
      'When',
    ]);
    expect(entries[1]?.textContent).toContain('After: to guests at the venue');
    expect(entries[1]?.textContent).toContain('After: Email · Text message');
    expect(entries[1]?.textContent).toContain('After: 15 minutes before the auction ends');
    expect(api.calls.filter((call) => call.url.endsWith('/changes'))).toHaveLength(1);
  });

  it('tells a message cancelled by the archiving, and one whose time has come but is not sent yet', async () => {
    const archived: Announcement = {
      ...sentEarlier,
      id: 9,
      message: { en: 'Last call for the silent auction.' },
      sendAt: '2026-11-24T02:00:00Z',
      sentAt: null,
      cancelledAt: '2026-11-24T01:00:00Z',
      cancelledBy: null,
    };
    const due: Announcement = {
      ...sentEarlier,
      id: 10,
      message: { en: 'Dessert is served.' },
      sendAt: new Date(Date.now() - 60 * 1000).toISOString(),
      sentAt: null,
    };
    showAnnouncements({ 'GET /api/admin/auctions/': [200, list([due, archived])] });
    const dueItem = (await screen.findByText('Dessert is served.')).closest('li') as HTMLElement;
    expect(within(dueItem).getByText('Not sent yet: it will go out shortly.')).toBeTruthy();
    expect(within(dueItem).queryByRole('button')).toBeNull();
    const archivedItem = screen.getByText('Last call for the silent auction.').closest('li') as HTMLElement;
    expect(within(archivedItem).getByText('Cancelled: the auction was archived before its time.')).toBeTruthy();
    expect(archivedItem.textContent).toContain('Written on 11/23/2026 at ');
    expect(archivedItem.querySelector('.announcements__delivery')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Going out later' })).toBeNull();
  });

  it('schedules and lists in French', async () => {
    const sendAt = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const waiting: Announcement = { ...sentEarlier, id: 11, sendAt: sendAt.toISOString(), sentAt: null };
    const cancelled: Announcement = {
      ...sentEarlier,
      id: 12,
      message: { fr: 'Dernier appel.' },
      sendAt: sendAt.toISOString(),
      sentAt: null,
      cancelledAt: '2026-11-24T01:00:00Z',
      cancelledBy: null,
    };
    showAnnouncements({ 'GET /api/admin/auctions/': [200, list([waiting, cancelled])] }, 'fr');
    await screen.findByRole('heading', { name: 'Programmés' });
    const day = sendAt.toLocaleDateString('fr-CA', { weekday: 'long', month: 'long', day: 'numeric' });
    expect(document.querySelector('.announcements__item--scheduled .announcements__status p')?.textContent).toMatch(
      new RegExp(`^Part le ${day} à \\d{1,2} h \\d{2}$`),
    );
    expect(screen.getByRole('button', { name: 'Annuler…' })).toBeTruthy();
    expect(screen.getByText('Annulé : l’encan a été archivé avant l’heure d’envoi.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Envoyer plus tard'));
    expect(screen.getByRole('button', { name: 'Programmer…' })).toBeTruthy();
  });

  it('tells one tied to the auction’s end by its minutes, with its time when the auction has an end', async () => {
    const sendAt = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const byTheEnd: Announcement = {
      ...sentEarlier,
      id: 13,
      message: { en: 'Bidding closes in ten minutes.' },
      sendAt: sendAt.toISOString(),
      minutesBeforeEnd: 10,
      sentAt: null,
    };
    const noEndYet: Announcement = { ...byTheEnd, id: 14, message: { en: 'Last call.' }, sendAt: null };
    const endedFirst: Announcement = {
      ...byTheEnd,
      id: 15,
      message: { en: 'Five minutes left.' },
      cancelledAt: '2026-11-24T01:00:00Z',
    };
    showAnnouncements({ 'GET /api/admin/auctions/': [200, list([noEndYet, endedFirst, byTheEnd])] });
    await screen.findByRole('heading', { name: 'Going out later' });
    const items = screen
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('announcements__item--scheduled'));
    const day = sendAt.toLocaleDateString('en-CA', { weekday: 'long', month: 'long', day: 'numeric' });
    // The one with a time first, then the one waiting for the auction to have an end.
    expect(items.map((item) => item.querySelector('.announcements__status p')?.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^Goes out 10 minutes before the auction ends, on ${day} at `)),
      'Goes out 10 minutes before the auction ends (it has no end date yet)',
    ]);
    const ended = screen.getByText('Five minutes left.').closest('li') as HTMLElement;
    expect(within(ended).getByText('Cancelled: bidding ended before its time.')).toBeTruthy();
  });

  it("tells one tied to a closing group's end by the group's name, or that the group was removed", async () => {
    const sendAt = new Date(Date.now() + 60 * 60 * 1000);
    const byTheGroup: Announcement = {
      ...sentEarlier,
      id: 16,
      message: { en: 'The lounge tables close in ten minutes.' },
      sendAt: sendAt.toISOString(),
      minutesBeforeEnd: 10,
      closingGroup: { id: 41, name: { en: 'Lounge tables', fr: 'Tables du salon' } },
      sentAt: null,
    };
    const groupRemoved: Announcement = {
      ...byTheGroup,
      id: 17,
      message: { en: 'Early birds close soon.' },
      sendAt: null,
      closingGroup: { id: 42, name: null },
    };
    const groupClosedFirst: Announcement = {
      ...byTheGroup,
      id: 18,
      message: { en: 'Five minutes for the lounge.' },
      cancelledAt: '2026-11-24T01:00:00Z',
    };
    showAnnouncements({ 'GET /api/admin/auctions/': [200, list([groupRemoved, groupClosedFirst, byTheGroup])] }, 'fr');
    await screen.findByRole('heading', { name: 'Programmés' });
    const statuses = screen
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('announcements__item--scheduled'))
      .map((item) => item.querySelector('.announcements__status p')?.textContent);
    expect(statuses[0]).toMatch(/10 minutes avant la fermeture de «\u00a0Tables du salon\u00a0», le /);
    expect(statuses[1]).toMatch(/10 minutes avant la fermeture d’un groupe \(retiré depuis\)/);
    const closed = screen.getByText('Five minutes for the lounge.').closest('li') as HTMLElement;
    expect(within(closed).getByText('Annulé : le groupe de fermeture a fermé avant l’heure d’envoi.')).toBeTruthy();
  });

  it('names the one guest a message from the bidders list went to', async () => {
    const toOne: Announcement = {
      ...sentEarlier,
      id: 16,
      audience: 'guest',
      guest: { userId: 'u-7', name: 'Léa Tremblay' },
      message: { en: 'Your car’s lights are on.' },
    };
    showAnnouncements({ 'GET /api/admin/auctions/': [200, list([toOne])] });
    const item = (await screen.findByText('Your car’s lights are on.')).closest('li') as HTMLElement;
    expect(item.querySelector('.announcements__meta')?.textContent).toMatch(/ · to Léa Tremblay$/);
  });
});
