// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsubscribePage } from '../../src/account/NotificationsPage.tsx';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const model = (onlyLower: boolean) => ({
  onlyLower,
  bidder: {
    firstName: 'Ann',
    lastName: 'Roy',
    nickName: 'ann',
    smsGeneralNotifications: true,
    emailGeneralNotifications: true,
    smsOutbidNotifications: true,
    emailOutbidNotifications: true,
  },
  organizationNotifications: [
    {
      id: 7,
      organization_Id: 4,
      organizationName: 'Club',
      smsNotifications: false,
      emailNotifications: true,
      isCurrent: true,
    },
  ],
});

async function openWith(onlyLower: boolean) {
  vi.stubGlobal(
    'fetch',
    stubFetch({ '/api/bidder-organization-notifications/by-code/': json(model(onlyLower)) }).fetch,
  );
  const { router } = renderInApp(UnsubscribePage, 'en');
  await router.navigate({ to: '/', search: { identity: 'token-1' } as never });
  const club = (await screen.findByRole('heading', { name: 'Club' })).closest('li') as HTMLElement;
  const box = (name: string) => within(club).getByRole('checkbox', { name }) as HTMLInputElement;
  return { sms: box('Text messages'), email: box('Emails') };
}

describe('the unsubscribe page', () => {
  it('from an email’s link, offers turning notices off only, and says where to turn them on', async () => {
    const { sms, email } = await openWith(true);
    // Off stays off here: the link may only lower (the API refuses the rest).
    expect([sms.checked, sms.disabled]).toEqual([false, true]);
    expect([email.checked, email.disabled]).toEqual([true, false]);
    expect(screen.getByRole('link', { name: 'sign in and open your communication preferences' })).toBeTruthy();
  });

  it('by the bidder’s own code, offers both ways', async () => {
    const { sms } = await openWith(false);
    expect([sms.checked, sms.disabled]).toEqual([false, false]);
    expect(screen.queryByRole('link', { name: /communication preferences/ })).toBeNull();
  });
});
