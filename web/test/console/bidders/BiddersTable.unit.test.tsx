// @vitest-environment jsdom
import { Role } from '@auction/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BiddersTable } from '../../../src/console/bidders/BiddersSection.tsx';
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
  ...overrides,
});
const camille = bidder('0b7c2f43-64f4-4d57-9a39-5d8d3a3b1f10', 'Camille', 2, { hasSmsStop: true });
const paul = bidder('1b7c2f43-64f4-4d57-9a39-5d8d3a3b1f11', 'Paul', 3);

/** jsdom has no layout: every media query answers as a wide screen. */
function wideScreen() {
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
}

describe("the auction's bidders", () => {
  it('shows status and STOP, and locks only after the confirmation', async () => {
    wideScreen();
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders': [200, [camille, paul]],
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

  it('shows an administrator the temporary password once given', async () => {
    wideScreen();
    const api = apiStub({
      'GET /api/admin/auctions/9/bidders': [200, [camille]],
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
