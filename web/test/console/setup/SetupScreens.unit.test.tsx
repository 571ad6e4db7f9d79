// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewAuctionForm } from '../../../src/console/organization/NewAuctionForm.tsx';
import { AuctionForm } from '../../../src/console/setup/AuctionForm.tsx';
import { CategoriesEditor } from '../../../src/console/setup/CategoriesEditor.tsx';
import { ClosingGroupsEditor } from '../../../src/console/setup/ClosingGroupsEditor.tsx';
import { StatusPanel } from '../../../src/console/setup/StatusPanel.tsx';
import { Toaster } from '../../../src/live/toasts.tsx';
import { apiStub } from '../../paymentFixtures.ts';
import { renderInApp } from '../../renderInApp.tsx';
import { operatorAuctionFixture } from './operatorAuctionFixture.ts';

beforeEach(() => {
  // jsdom has no layout: every media query answers as a wide screen (the preview's banner asks).
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const auction = operatorAuctionFixture();

describe('the auction set-up form', () => {
  it('saves only the changed fields and shows a refusal under its field', async () => {
    const api = apiStub({
      'PATCH /api/admin/auctions/12': [
        [
          400,
          {
            message: 'validation_failed',
            messages: ['invalid_color'],
            errors: [{ field: 'colors.menuColor', message: 'invalid_color' }],
          },
        ],
        [200, operatorAuctionFixture({ hideCountdown: true })],
      ],
      'GET /api/admin/auctions': [200, [auction]],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <AuctionForm auction={auction} />);
    const save = await screen.findByRole('button', { name: 'Save the changes' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Menu colour'), { target: { value: 'blue' } });
    fireEvent.click(screen.getByLabelText('Hide the countdown'));
    fireEvent.click(save);
    const error = await screen.findByText('A colour is written #rgb or #rrggbb.');
    expect(screen.getByLabelText('Menu colour').getAttribute('aria-describedby')).toContain(error.id);
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      hideCountdown: true,
      colors: { menuColor: 'blue' },
    });
    fireEvent.change(screen.getByLabelText('Menu colour'), { target: { value: '' } });
    fireEvent.click(save);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ hideCountdown: true });
  });

  it('previews the typed footer before it is saved', async () => {
    vi.stubGlobal('fetch', apiStub({}).fetch);
    renderInApp(() => <AuctionForm auction={auction} />);
    fireEvent.change(await screen.findByLabelText('Footer email'), { target: { value: 'info@lumiere.org' } });
    const preview = screen.getByRole('region', { name: "Preview of the bidders' header and footer" });
    expect(preview.textContent).toContain('info@lumiere.org');
  });

  it('asks for the access code of a private auction only', async () => {
    // The network double answers every call not_found: choosing the type is the form's own, nothing is written.
    const api = apiStub({});
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <AuctionForm auction={auction} />);
    const type = await screen.findByLabelText('Type');
    expect(screen.queryByLabelText('Private access code')).toBeNull();
    fireEvent.change(type, { target: { value: '2' } });
    const code = screen.getByLabelText('Private access code');
    expect(code.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Guests of a private event enter with the link/)).toBeTruthy();
    fireEvent.change(type, { target: { value: '1' } });
    expect(screen.queryByLabelText('Private access code')).toBeNull();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});

describe('the status moves', () => {
  it('states what completing does before anything is sent, then sends it', async () => {
    const api = apiStub({ 'POST /api/admin/auctions/12/status': [200, operatorAuctionFixture({ status: 4 })] });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <StatusPanel auction={operatorAuctionFixture({ status: 3 })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Complete now' }));
    expect(screen.queryByRole('button', { name: 'Open now' })).toBeNull();
    await screen.findByText(/Bidding stops now on every lot/);
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Complete now' }).at(-1) as HTMLElement);
    await waitFor(() => expect(api.calls[0]?.body).toEqual({ status: 4 }));
  });
});

describe('closing groups', () => {
  it('says a new end moves the open lots before rescheduling the group', async () => {
    const group = {
      id: 7,
      isHiddenInMenu: false,
      dateCompleted: '2026-05-08T01:00:00.000Z',
      translations: [{ languageCode: 'fr', name: 'Vins' }],
    };
    const api = apiStub({ 'PATCH /api/admin/closing-groups/7': [200, {}] });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <ClosingGroupsEditor auction={operatorAuctionFixture({ closingGroups: [group] })} />);
    const [end] = await screen.findAllByLabelText("End of the group's lots");
    fireEvent.change(end as HTMLElement, { target: { value: '2026-05-09T20:00' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    await screen.findByText(/Every lot of this group that is not closed yet will end at the new time/);
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Move the end' }));
    await waitFor(() => expect(api.calls[0]?.method).toBe('PATCH'));
    expect(api.calls[0]?.body).toMatchObject({ translations: { fr: 'Vins' }, isHiddenInMenu: false });
  });
});

describe('the order of categories', () => {
  const categories = operatorAuctionFixture({
    itemCategories: ['Voyages', 'Sports', 'Art'].map((name, order) => ({
      id: 40 + order,
      order,
      translations: [{ languageCode: 'fr', name }],
    })),
  });

  it('sends the whole list in its new order in one call', async () => {
    const api = apiStub({ 'PUT /api/admin/auctions/12/categories/order': [200, []] });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => (
      <>
        <CategoriesEditor auction={categories} />
        <Toaster />
      </>
    ));
    expect(await screen.findByRole('button', { name: 'Move up “Voyages”' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move down “Art”' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move up “Art”' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [40, 42, 41] }));
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    await screen.findByText('New order saved.');
  });

  it('says when the list changed meanwhile', async () => {
    const api = apiStub({
      'PUT /api/admin/auctions/12/categories/order': [409, { message: 'order_list_changed' }],
    });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => (
      <>
        <CategoriesEditor auction={categories} />
        <Toaster />
      </>
    ));
    fireEvent.click(await screen.findByRole('button', { name: 'Move down “Voyages”' }));
    await screen.findByText(/This list changed since the page was loaded/);
    // Nothing else was sent: the refused order is not retried on its own.
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});

describe('a new auction', () => {
  it('suggests the address from the French title and shows a taken address under it', async () => {
    const api = apiStub({ 'POST /api/admin/auctions': [409, { message: 'url_magic_link_taken' }] });
    vi.stubGlobal('fetch', api.fetch);
    renderInApp(() => <NewAuctionForm organizationId={5} onCancel={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Title in French'), { target: { value: 'Gala d’été 2026' } });
    expect(screen.getByLabelText('Address of the auction')).toHaveProperty('value', 'gala-d-ete-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Create the auction' }));
    await screen.findByText('Another auction already has this address.');
    expect(api.calls[0]?.body).toMatchObject({
      organizationId: 5,
      urlMagicLink: 'gala-d-ete-2026',
      translations: { fr: { titleShort: 'Gala d’été 2026' } },
    });
  });
});
