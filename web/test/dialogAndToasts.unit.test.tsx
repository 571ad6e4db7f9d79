// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from '../src/account/Field.tsx';
import en from '../src/i18n/en.json';
import { Dialog } from '../src/layout/Dialog.tsx';
import { showToast, Toaster, toastDurationMs } from '../src/live/toasts.tsx';

const inEnglish = (node: React.ReactNode) =>
  render(
    <IntlProvider locale="en-CA" messages={en}>
      {node}
    </IntlProvider>,
  );

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts (spec 000 §9 display times)', () => {
  it('shows a success for 3 s and a danger for 10 s, errors in the assertive region', () => {
    vi.useFakeTimers();
    inEnglish(<Toaster />);
    act(() => {
      showToast('success', 'bid_successful');
      showToast('danger', 'bid_too_low');
    });
    expect(screen.getByRole('status').textContent).toContain('Your bid was placed.');
    expect(screen.getByRole('alert').textContent).toContain('Your bid is below the minimum allowed.');
    act(() => vi.advanceTimersByTime(toastDurationMs.success));
    expect(screen.queryByText('Your bid was placed.')).toBeNull();
    expect(screen.getByText('Your bid is below the minimum allowed.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(toastDurationMs.danger - toastDurationMs.success));
    expect(screen.queryByText('Your bid is below the minimum allowed.')).toBeNull();
  });

  it('interpolates the lot number of a live message', () => {
    inEnglish(<Toaster />);
    act(() => showToast('warning', 'lost_winning_bid', { lotNumber: 12 }));
    expect(screen.getByText('You were outbid on lot 12.')).toBeTruthy();
  });
});

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Confirm your bid">
        <button type="button">Confirm</button>
      </Dialog>
    </>
  );
}

describe('dialogs', () => {
  it('are named by their title, take focus and give it back on Escape', async () => {
    inEnglish(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your bid' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('server messages', () => {
  it('are translated, and an unknown key reads as the generic error', () => {
    inEnglish(<MessageList keys={['password_too_short', 'something_new']} />);
    expect(screen.getByText('The password needs at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('There was an error')).toBeTruthy();
  });
});
