// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setServerTime, useServerNow, useServerTime } from '../../src/time/serverClock.ts';

const renders = { ticking: 0, selecting: 0 };
const TURNS_RED_AT = Date.parse('2026-11-26T12:00:03Z');

function Ticking() {
  renders.ticking += 1;
  return <span>{useServerNow()}</span>;
}

function Selecting() {
  renders.selecting += 1;
  const red = useServerTime((now) => now >= TURNS_RED_AT);
  return <span data-testid="red">{String(red)}</span>;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-11-26T12:00:00Z'));
  setServerTime('2026-11-26T12:00:00Z');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the server clock in components', () => {
  it('renders a reader of the time every second, and a reader of an answer only when the answer changes', () => {
    const view = render(
      <>
        <Ticking />
        <Selecting />
      </>,
    );
    expect(view.getByTestId('red').textContent).toBe('false');
    const before = { ...renders };
    const tick = () => act(() => vi.advanceTimersByTime(1000));

    tick();
    tick();
    expect(renders.ticking - before.ticking).toBe(2);
    expect(renders.selecting).toBe(before.selecting);

    tick();
    expect(view.getByTestId('red').textContent).toBe('true');
    expect(renders.selecting).toBe(before.selecting + 1);

    for (let second = 0; second < 5; second += 1) tick();
    expect(renders.ticking - before.ticking).toBe(8);
    expect(renders.selecting).toBe(before.selecting + 1);
  });
});
