// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../src/account/LoginPage.tsx';
import { pathFor } from '../../src/i18n/routes.ts';
import { json, renderInApp, stubFetch } from '../renderInApp.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The login page, the API refusing the password step with `refusal`, after a submit. */
async function refusedLogin(refusal: Record<string, unknown>, status: number) {
  vi.stubGlobal('fetch', stubFetch({ '/api/account/authenticate': json(refusal, status) }).fetch);
  const { router } = renderInApp(LoginPage, 'en');
  fireEvent.change(await screen.findByLabelText('Email or cellphone'), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Secret-2026!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return router;
}

describe('the login page', () => {
  it('shows a refused password under the form and lets the user try again', async () => {
    const router = await refusedLogin({ message: 'password_invalid' }, 401);
    expect((await screen.findByRole('alert')).textContent).toBe('The password is invalid.');
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });

  it('leads an unconfirmed email to its confirmation page rather than to an error', async () => {
    const router = await refusedLogin(
      { message: 'email_not_verified', redirectToEmailConfirmation: true, userName: 'ann@example.com' },
      403,
    );
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(pathFor('emailConfirmation', { username: 'ann@example.com' }, 'en')),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the invitation link was texted to a phone with a pending invitation, and stays on the page', async () => {
    // The API texts the on-board link to the phone rather than answering its code to whoever typed the number.
    const router = await refusedLogin({ message: 'redirect_onboard_register' }, 403);
    expect((await screen.findByRole('status')).textContent).toBe(
      'You have an invitation: the link to finish your registration was sent to this cellphone by text message.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
