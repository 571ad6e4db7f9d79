// @vitest-environment jsdom
import { Role } from '@auction/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokens } from '../../src/api/client.ts';
import { Header } from '../../src/layout/Header.tsx';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokens.set(undefined);
});

function signedInAs(roles: number[]) {
  tokens.set('signed-in');
  const profile = { id: 'u1', roles: roles.map((role) => ({ role })), bidder: { nickName: 'Camille' } };
  vi.stubGlobal('fetch', stubFetch({ '/api/account': json(profile) }).fetch);
  return renderInApp(() => <Header />);
}

const menu = () => screen.getByText('Camille').closest('details') as HTMLDetailsElement;

describe('the user menu', () => {
  it('leads an organiser to the operator console', async () => {
    signedInAs([Role.Patron, Role.AuctionManager]);
    await screen.findByText('Camille');
    expect(screen.getByRole('link', { name: 'Operator console', hidden: true }).getAttribute('href')).toBe(
      '/en/console',
    );
  });

  it('offers a bidder no console', async () => {
    signedInAs([Role.Patron]);
    await screen.findByText('Camille');
    expect(screen.queryByRole('link', { name: 'Operator console', hidden: true })).toBeNull();
  });

  it('closes once an entry is chosen, and when the page changes', async () => {
    const { router } = signedInAs([Role.Volunteer]);
    await screen.findByText('Camille');
    menu().open = true;
    fireEvent.click(screen.getByRole('link', { name: 'Profile', hidden: true }));
    expect(menu().open).toBe(false);
    menu().open = true;
    // Another page (the link chosen above led to the profile).
    await router.navigate({ to: '/en/notifications' });
    await waitFor(() => expect(menu().open).toBe(false));
  });
});
