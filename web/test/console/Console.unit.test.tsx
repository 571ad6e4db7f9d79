// @vitest-environment jsdom
import { type operator, Role } from '@auction/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleLots } from '../../src/console/lots/ConsoleLots.tsx';
import { Members } from '../../src/console/members/MembersSection.tsx';
import { apiStub } from '../paymentFixtures.ts';
import { renderInApp } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const camille = {
  id: '0b7c2f43-64f4-4d57-9a39-5d8d3a3b1f10',
  firstName: 'Camille',
  lastName: 'Roy',
  username: 'camille@example.com',
  phoneNumber: '(514) 555-0102',
  roles: [Role.Volunteer],
};

/** A lot as the operator API lists it, with only what the table reads. */
const lot = (id: number, status: number, isHidden = false) => ({
  id,
  lotNumber: id,
  status,
  isHidden,
  bidCount: id,
  translations: [{ languageCode: 'en', name: `Lot ${id} name` }],
  itemCategories: [],
  auctionClosingGroupId: null,
  organizationTeamId: null,
});

/** jsdom has no layout: every media query answers as a wide screen. */
function wideScreen() {
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
}

describe("an organisation's members", () => {
  it('offers an auction manager the organisation roles only, and grants after the confirmation', async () => {
    const api = apiStub({
      'GET /api/admin/organizations/5/members': [200, [camille]],
      'PUT /api/admin/organizations/5/members/': [200, { ...camille, roles: [4, 2], isMember: true }],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <Members organizationId={5} actorRoles={[Role.AuctionManager]} />);
    await screen.findByText('Camille Roy');
    // Phones as the API formats them everywhere, as the bidders' list shows them.
    expect(screen.getByText('camille@example.com · (514) 555-0102')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Administrator/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove the role Volunteer from Camille Roy' })).toHaveProperty(
      'ariaPressed',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Make Camille Roy Auction manager' }));
    await screen.findByText(/Camille Roy becomes Auction manager of this organization/);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Give the role' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.url).toContain(
        `/api/admin/organizations/5/members/${camille.id}/roles/2`,
      ),
    );
  });

  it("names to an administrator a member's other organisations with the roles held there", async () => {
    const otherOrganizations = [
      { id: 8, name: 'Fondation Bleue', roles: [Role.AuctionManager, Role.Volunteer] },
      { id: 9, name: 'Club Rotary', roles: [] },
    ];
    const api = apiStub({ 'GET /api/admin/organizations/5/members': [200, [{ ...camille, otherOrganizations }]] });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <Members organizationId={5} actorRoles={[Role.Administrator]} />);
    await screen.findByText('Camille Roy');
    expect(
      screen.getByText('Also a member of Fondation Bleue (Auction manager and Volunteer) and Club Rotary'),
    ).toBeTruthy();
  });

  it('does not search before 2 characters', async () => {
    const api = apiStub({
      'GET /api/admin/organizations/5/members': [200, []],
      'GET /api/admin/users': [200, [camille]],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <Members organizationId={5} actorRoles={[Role.Administrator]} />);
    const search = await screen.findByLabelText('Find a person to give a role');
    fireEvent.change(search, { target: { value: 'c' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.some((call) => call.url.includes('/api/admin/users'))).toBe(false);
    fireEvent.change(search, { target: { value: 'ca' } });
    await screen.findByRole('button', { name: /^Camille Roy.*\(514\) 555-0102$/ });
    expect(api.calls.find((call) => call.url.includes('/api/admin/users'))?.url).toContain('q=ca');
  });
});

describe("an auction's lots", () => {
  it('closes a lot early only after a confirmation stating the consequence, with a command id', async () => {
    wideScreen();
    const api = apiStub({
      'GET /api/admin/auctions/9/lots': [200, [lot(1, 2), lot(2, 5), lot(3, 1, true)]],
      'POST /api/admin/lots/1/close-early': [200, {}],
      'GET /api/admin/organizations/5/teams': [200, []],
    });
    vi.stubGlobal('fetch', api.fetch);
    // The auction as the console's shell hands it: the lot table reads its id, title, categories and groups.
    const auction = {
      id: 9,
      organizationId: 5,
      urlMagicLink: 'gala',
      translations: [{ languageCode: 'en', titleShort: 'Gala' }],
      itemCategories: [],
      closingGroups: [],
    } as unknown as operator.OperatorAuction;
    renderInApp(() => <ConsoleLots auction={auction} />);
    await screen.findByText('Lot 1 name');
    // A closed lot offers nothing; a lot not started can be shown but not closed.
    expect(screen.queryByRole('button', { name: 'Close now lot 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close now lot 3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show lot 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close now lot 1' }));
    await screen.findByText(/closes now, before its scheduled end/);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close now' }).at(-1) as HTMLElement);
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.url).toContain('/close-early'));
    const closing = api.calls.find((call) => call.method === 'POST');
    expect((closing?.body as { commandId?: string } | undefined)?.commandId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
