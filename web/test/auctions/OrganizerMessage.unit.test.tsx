// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrganizerMessage } from '../../src/auctions/OrganizerMessage.tsx';
import { setServerTime } from '../../src/time/serverClock.ts';
import { apiStub } from '../paymentFixtures.ts';
import { renderInApp } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const messages = [
  { id: 8, message: { fr: 'Le tirage commence dans la grande salle.' }, sentAt: '2026-11-27T23:40:00Z' },
  {
    id: 7,
    message: { en: 'Bidding closes in 10 minutes!', fr: 'Les mises ferment dans 10 minutes !' },
    sentAt: '2026-11-27T23:30:00Z',
  },
];

describe("the organisers' message on the auction's pages", () => {
  it('shows the newest in the page language, else the one written, and the next once hidden', async () => {
    // The web tests' double at the network boundary.
    vi.stubGlobal('fetch', apiStub({ 'GET /api/auctions/announcements': [200, messages] }).fetch);
    renderInApp(() => <OrganizerMessage urlMagicLink="gala-9" />);
    await screen.findByText('Le tirage commence dans la grande salle.');
    expect(screen.getByRole('region', { name: 'Message from the organizers' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide this message' }));
    await screen.findByText('Bidding closes in 10 minutes!');
    fireEvent.click(screen.getByRole('button', { name: 'Hide this message' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Message from the organizers' })).toBeNull());
  });

  it("says the day of a message from another day, and only the time of today's", async () => {
    setServerTime('2026-11-28T15:00:00Z');
    const days = [
      { id: 9, message: { en: 'Dessert is served.' }, sentAt: '2026-11-26T15:00:00Z' },
      { id: 10, message: { en: 'Pick up your lots at the front desk.' }, sentAt: '2026-11-28T14:00:00Z' },
    ];
    vi.stubGlobal('fetch', apiStub({ 'GET /api/auctions/announcements': [200, [days[0]]] }).fetch);
    renderInApp(() => <OrganizerMessage urlMagicLink="gala-11" />);
    await screen.findByText('Dessert is served.');
    expect(screen.getByText(/^From the organizers, on 11\/26\/2026 at /)).toBeTruthy();
    cleanup();
    vi.stubGlobal('fetch', apiStub({ 'GET /api/auctions/announcements': [200, [days[1]]] }).fetch);
    renderInApp(() => <OrganizerMessage urlMagicLink="gala-12" />);
    await screen.findByText('Pick up your lots at the front desk.');
    expect(screen.getByText(/^From the organizers, at /)).toBeTruthy();
  });

  it('shows nothing when there is no message', async () => {
    const api = apiStub({ 'GET /api/auctions/announcements': [200, []] });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <OrganizerMessage urlMagicLink="gala-10" />, 'fr');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
