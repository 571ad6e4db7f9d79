// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, Toaster, toastDurationMs } from '../../src/live/toasts.tsx';
import { inEnglish } from '../inEnglish.tsx';

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

  it('shows a repeated message once, for its whole time again, and at most three, keeping an error', () => {
    vi.useFakeTimers();
    inEnglish(<Toaster />);
    act(() => showToast('success', 'bid_successful'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => showToast('success', 'bid_successful'));
    expect(screen.getAllByText('Your bid was placed.')).toHaveLength(1);
    // Its 3 s count from the second time.
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Your bid was placed.')).toBeTruthy();
    act(() => {
      showToast('danger', 'bid_too_low');
      showToast('warning', 'lost_winning_bid', { lotNumber: 1 });
      showToast('warning', 'lost_winning_bid', { lotNumber: 2 });
    });
    expect(document.querySelectorAll('.toast')).toHaveLength(3);
    // The oldest news went; the error stays.
    expect(screen.queryByText('Your bid was placed.')).toBeNull();
    expect(screen.getByText('Your bid is below the minimum allowed.')).toBeTruthy();
    expect(screen.getByText('You were outbid on lot 2.')).toBeTruthy();
  });
});
