// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckInDesk } from '../../../src/console/checkin/CheckInDesk.tsx';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const guest = (overrides: Record<string, unknown> = {}) => ({
  userId: '0b7c2f43-64f4-4d57-9a39-5d8d3a3b1f10',
  firstName: 'Éloïse',
  lastName: 'Tremblay',
  nickName: 'Eloise T.',
  email: 'eloise@example.com',
  phoneNumber: '(514) 555-0102',
  status: 1,
  hasSmsStop: false,
  arrivedAt: null,
  arrivedBy: null,
  bidderNumber: null,
  ...overrides,
});
const list = (guests: unknown[], arrived = 0, matchCount = guests.length) => ({
  guests,
  matchCount,
  guestCount: Math.max(guests.length, matchCount),
  arrivedCount: arrived,
});

describe('the check-in desk', () => {
  it('marks a guest arrived with one tap and shows the count again', async () => {
    const api = apiStub({
      'GET /api/check-in/auctions/7/guests': [
        [200, list([guest()])],
        [200, list([guest({ arrivedAt: '2026-11-23T23:00:00Z', arrivedBy: 'Camille Roy', bidderNumber: 42 })], 1)],
      ],
      'POST /api/check-in/auctions/7/guests/': [200, { guest: guest(), alreadyArrived: false }],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <CheckInDesk auctionId={7} />);
    await screen.findByText('0 of 1 guest arrived');
    fireEvent.click(screen.getByRole('button', { name: 'Check in Éloïse Tremblay' }));
    await screen.findByText('1 of 1 guest arrived');
    expect(screen.getByText(/Arrived at .* \(Camille Roy\)/)).toBeTruthy();
    // The paddle to hand over.
    expect(screen.getByText('Bidder #42')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.url).toContain(
      '/api/check-in/auctions/7/guests/0b7c2f43-64f4-4d57-9a39-5d8d3a3b1f10/arrival',
    );
  });

  it('says when the list stops at its limit, and how to find the others', async () => {
    const api = apiStub({ 'GET /api/check-in/auctions/7/guests': [200, list([guest()], 0, 1200)] });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <CheckInDesk auctionId={7} />);
    await screen.findByText(
      'The first 1 of 1,200 guests by name: type a name, a phone or a bidder number to find the others.',
    );
  });

  it('searches from 2 characters and offers no arrival for a locked guest', async () => {
    const api = apiStub({ 'GET /api/check-in/auctions/7/guests': [200, list([guest({ status: 3 })])] });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <CheckInDesk auctionId={7} />);
    await screen.findByText('Locked: ask an auction manager');
    expect(screen.queryByRole('button', { name: /^Check in / })).toBeNull();
    const search = screen.getByLabelText('Find a guest');
    fireEvent.change(search, { target: { value: 'e' } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.calls.some((call) => call.url.includes('q=e'))).toBe(false);
    fireEvent.change(search, { target: { value: 'el' } });
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('q=el'))).toBe(true));
  });

  it('registers a walk-in: asks for a phone or an email before sending, then sends one command', async () => {
    const api = apiStub({
      'GET /api/check-in/auctions/7/guests': [200, list([])],
      'POST /api/check-in/auctions/7/walk-ins': [
        200,
        { outcome: 'created', guest: guest(), message: 'account_created' },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <CheckInDesk auctionId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Walk-in' }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Jacques' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Bélanger' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register and check in' }));
    await screen.findByText('Enter a phone number or an email.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jacques@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register and check in' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      firstName: 'Jacques',
      lastName: 'Bélanger',
      email: 'jacques@example.com',
      language: 'en',
    });
  });
});

describe('writing to a guest from the check-in desk', () => {
  it("lets the auction's managers write to a guest from their card, at once, with one command", async () => {
    const api = apiStub({
      'GET /api/check-in/auctions/7/guests': [
        200,
        list([guest({ arrivedAt: '2026-11-23T23:00:00Z', arrivedBy: 'Camille Roy', bidderNumber: 42 })], 1),
      ],
      'POST /api/admin/auctions/7/bidders/': [200, { duplicate: false, announcement: {} }],
      'GET /api/admin/auctions/7/announcements': [200, { reach: {}, announcements: [] }],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <CheckInDesk auctionId={7} mayMessage />);
    await screen.findByText('Bidder #42');
    fireEvent.click(screen.getByRole('button', { name: 'Message: Éloïse Tremblay' }));
    fireEvent.change(await screen.findByLabelText('Your message'), { target: { value: 'Your paddle is 42.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // Sent, the dialog closes.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toContain('/api/admin/auctions/7/bidders/0b7c2f43-64f4-4d57-9a39-5d8d3a3b1f10/messages');
    expect(posts[0]?.body).toMatchObject({ message: { en: 'Your paddle is 42.' }, channels: ['email', 'sms'] });
  });

  it('offers volunteers no message, and nobody one to a locked guest', async () => {
    const api = apiStub({
      'GET /api/check-in/auctions/7/guests': [200, list([guest(), guest({ userId: 'b', status: 3 })])],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <CheckInDesk auctionId={7} />);
    await screen.findByText('Locked: ask an auction manager');
    expect(screen.queryByRole('button', { name: /^Message/ })).toBeNull();
    cleanup();
    renderInApp(() => <CheckInDesk auctionId={7} mayMessage />);
    await screen.findByText('Locked: ask an auction manager');
    expect(screen.getAllByRole('button', { name: /^Message/ })).toHaveLength(1);
  });
});
