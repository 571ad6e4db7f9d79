// @vitest-environment jsdom
import { Role } from '@auction/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BiddersTable } from '../../../src/console/bidders/BiddersSection.tsx';
import { toLocalInput } from '../../../src/console/setup/zonedTime.ts';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bidder = (userId: string, firstName: string, status: number, overrides: Record<string, unknown> = {}) => ({
  userId,
  firstName,
  lastName: 'Roy',
  nickName: `${firstName} R.`,
  email: `${firstName.toLowerCase()}@example.com`,
  phoneNumber: '(514) 555-0102',
  status,
  hasSmsStop: false,
  arrivedAt: null,
  arrivedBy: null,
  bidderNumber: null,
  ...overrides,
});
const camille = bidder('0b7c2f43-64f4-4d57-9a39-5d8d3a3b1f10', 'Camille', 2, { hasSmsStop: true });
const paul = bidder('1b7c2f43-64f4-4d57-9a39-5d8d3a3b1f11', 'Paul', 3);

/** The server's answer: these rows, the whole list's count, and the auction's guests. */
const pageOf = (...bidders: unknown[]) => ({
  bidders,
  count: bidders.length,
  currentPage: 1,
  guestCount: bidders.length,
});
/** The query of each list request the table made, in order. */
const listQueries = (calls: ReadonlyArray<{ method: string; url: string }>) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/admin/auctions/9/bidders'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

/** jsdom has no layout: every media query answers as a wide screen. */
function wideScreen() {
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
}

describe("the auction's bidders", () => {
  it('shows status and STOP, and locks only after the confirmation', async () => {
    wideScreen();
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders': [200, pageOf(camille, paul)],
      'PUT /api/auctions/9/bidders/': [200, { auctionBidderStatus: 3, auctionBidderStatusName: 'Locked' }],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <BiddersTable auctionId={9} actorRoles={[Role.AuctionManager]} />);
    await screen.findByText('Camille Roy');
    expect(screen.getByText('STOP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlock: Paul Roy' })).toBeTruthy();
    // A manager is not offered the administrators' temporary password.
    expect(screen.queryByRole('button', { name: /Temporary password/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lock: Camille Roy' }));
    await screen.findByText(/Camille Roy is denied this auction at once/);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'Locked' }));
    expect(api.calls.find((call) => call.method === 'PUT')?.url).toContain(
      `/api/auctions/9/bidders/${camille.userId}/status`,
    );
  });

  it('asks the server for the guests not arrived yet, or those arrived, by the arrival filter', async () => {
    wideScreen();
    const arrived = { ...camille, arrivedAt: '2026-11-28T23:10:00Z', arrivedBy: 'Lise Caron' };
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders?currentPage=1&pageSize=25&sort=name&direction=asc&arrival=waiting': [
        200,
        { ...pageOf(paul), guestCount: 2 },
      ],
      'GET /api/admin/auctions/9/bidders?currentPage=1&pageSize=25&sort=name&direction=asc&arrival=arrived': [
        200,
        { ...pageOf(arrived), guestCount: 2 },
      ],
      'GET /api/admin/auctions/9/bidders': [200, pageOf(arrived, paul)],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <BiddersTable auctionId={9} actorRoles={[Role.AuctionManager]} />);
    await screen.findByText('Camille Roy');
    expect(screen.getByText('Paul Roy')).toBeTruthy();
    expect(listQueries(api.calls)[0]).toEqual({ currentPage: '1', pageSize: '25', sort: 'name', direction: 'asc' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not arrived yet' }));
    await waitFor(() => expect(screen.queryByText('Camille Roy')).toBeNull());
    expect(screen.getByText('Paul Roy')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not arrived yet' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Arrived' }));
    await waitFor(() => expect(screen.queryByText('Paul Roy')).toBeNull());
    expect(screen.getByText('Camille Roy')).toBeTruthy();
    expect(listQueries(api.calls).map((query) => query.arrival)).toContain('arrived');
  });

  it('pages, sorts and searches on the server, and tells an empty auction from no match', async () => {
    wideScreen();
    const many = { ...pageOf(camille, paul), count: 60, guestCount: 60 };
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders?currentPage=1&pageSize=25&sort=status&direction=asc&q=': [
        200,
        { ...pageOf(), guestCount: 60 },
      ],
      'GET /api/admin/auctions/9/bidders': [200, many],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <BiddersTable auctionId={9} actorRoles={[Role.AuctionManager]} />);
    await screen.findByText('Camille Roy');
    // 60 guests, 25 a page: three pages, the second asked of the server.
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(listQueries(api.calls).at(-1)?.currentPage).toBe('2'));
    // A sort goes back to the first page.
    fireEvent.click(screen.getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(listQueries(api.calls).at(-1)).toMatchObject({ sort: 'status', currentPage: '1' }));
    fireEvent.change(screen.getByRole('searchbox', { name: /Name, phone/ }), { target: { value: 'zzz' } });
    await waitFor(() => expect(listQueries(api.calls).at(-1)?.q).toBe('zzz'), { timeout: 4000 });
    // The auction has guests, none matching: "no match", not "no bidders yet".
    await screen.findByText('Nothing matches your search.');
    expect(screen.queryByText(/No bidder in this auction yet/)).toBeNull();
    // The paddle the auctioneer called, one digit: Enter asks for it at once, under the 3 characters.
    const search = screen.getByRole('searchbox', { name: /Name, phone/ });
    fireEvent.change(search, { target: { value: '7' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(listQueries(api.calls).at(-1)).toMatchObject({ q: '7', currentPage: '1' }), {
      timeout: 500,
    });
  });

  it('sends a message to one guest, by the ways ticked, once, and not to a locked one', async () => {
    wideScreen();
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders': [200, pageOf(camille, paul)],
      'POST /api/admin/auctions/9/bidders/': [
        [422, { message: 'announcement_no_recipients' }],
        [200, { duplicate: false, announcement: { id: 4 } }],
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <BiddersTable auctionId={9} actorRoles={[Role.AuctionManager]} />);
    await screen.findByText('Camille Roy');
    expect(screen.queryByRole('button', { name: 'Message: Paul Roy' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Message: Camille Roy' }));
    await screen.findByText('A message to Camille Roy');
    // Her number said STOP: the text is not ticked for her.
    expect((screen.getByRole('checkbox', { name: 'Text message' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Email' }) as HTMLInputElement).checked).toBe(true);
    // Nothing written: refused here, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Write the message/);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), {
      target: { value: 'Your car lights are on.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/can be reached the ways chosen/);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // Sent: the dialog closes.
    await waitFor(() => expect(screen.queryByText('A message to Camille Roy')).toBeNull());
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual([
      `/api/admin/auctions/9/bidders/${camille.userId}/messages`,
      `/api/admin/auctions/9/bidders/${camille.userId}/messages`,
    ]);
    expect(posts[0]?.body).toMatchObject({ commandId: expect.any(String) });
    // The words in the console's language; one command id for the retried send.
    expect(posts[1]?.body).toEqual({
      message: { en: 'Your car lights are on.' },
      channels: ['email'],
      commandId: (posts[0]?.body as { commandId?: string } | undefined)?.commandId,
    });
  });

  it('sets a message to one guest for later: a time past is refused before asking, the API gets the time with its offset', async () => {
    wideScreen();
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders': [200, pageOf(camille, paul)],
      'POST /api/admin/auctions/9/bidders/': [200, { duplicate: false, announcement: { id: 5 } }],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <BiddersTable auctionId={9} actorRoles={[Role.AuctionManager]} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Message: Camille Roy' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your message' }), {
      target: { value: 'Your table is ready at 8.' },
    });
    // Only now or later: a message to one guest is not tied to the auction's end.
    expect(screen.queryByLabelText('Before the auction ends')).toBeNull();
    fireEvent.click(screen.getByLabelText('Send later'));
    const time = screen.getByLabelText('Date and time it goes out');
    // Its zone, and nothing of a group whose members change by then: it goes to this guest.
    expect(time.closest('.field')?.textContent).toMatch(/^Date and time it goes outTime zone .+\)\.$/);
    fireEvent.change(time, { target: { value: toLocalInput(new Date(Date.now() - 3_600_000).toISOString()) } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Choose a time later than now.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    const at = new Date(Date.now() + 2 * 3_600_000);
    at.setSeconds(0, 0);
    fireEvent.change(time, { target: { value: toLocalInput(at.toISOString()) } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByText('A message to Camille Roy')).toBeNull());
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    const sendAt = (posts[0]?.body as { sendAt?: string } | undefined)?.sendAt ?? '';
    expect(sendAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(sendAt)).toBe(at.getTime());
  });

  it('texts the invitation again to a guest on the list, after a confirmation, and never to a STOP number', async () => {
    wideScreen();
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders': [
        200,
        pageOf(camille, paul, bidder('2b7c2f43-64f4-4d57-9a39-5d8d3a3b1f12', 'Rose', 1)),
      ],
      'POST /api/onboarding/invite-via-client-app': [
        [200, 'Invitation sent to (514) 555-0102'],
        [200, 'STOP'],
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <BiddersTable auctionId={9} actorRoles={[Role.AuctionManager]} />);
    await screen.findByText('Rose Roy');
    // Camille's number replied STOP and Paul is locked: no invitation offered to them.
    expect(screen.queryByRole('button', { name: 'Text the invitation: Camille Roy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Text the invitation: Paul Roy' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Text the invitation: Rose Roy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text the invitation again?' });
    expect(dialog.textContent).toContain('Rose Roy gets a text at (514) 555-0102 with the link to this auction.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Text the invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      firstName: 'Rose',
      lastName: 'Roy',
      phoneNumber: '(514) 555-0102',
      auctionId: 9,
    });
    // The number replied STOP since the list was read: the dialog says nothing was sent.
    fireEvent.click(screen.getByRole('button', { name: 'Text the invitation: Rose Roy' }));
    const again = await screen.findByRole('dialog', { name: 'Text the invitation again?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Text the invitation' }));
    await within(again).findByText(/STOP|stopped/i);
  });

  it('shows an administrator the temporary password once given', async () => {
    wideScreen();
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders': [200, pageOf(camille)],
      'POST /api/account/temporary-password': [
        200,
        { success: true, messages: [], temporaryPassword: 'Abcde-Fghij-1234!' },
      ],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <BiddersTable auctionId={9} actorRoles={[Role.Administrator]} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Temporary password: Camille Roy' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Temporary password' }));
    await screen.findByText('Abcde-Fghij-1234!');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ userId: camille.userId });
  });
});
