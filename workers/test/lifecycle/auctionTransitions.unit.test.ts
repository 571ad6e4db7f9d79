import { describe, expect, it } from 'vitest';
import { nextTransition, statusEvent } from '../../src/lifecycle/auctionTransitions.ts';

const T = Date.UTC(2026, 10, 21, 20, 0, 0);
const MINUTE = 60_000;

describe('auction transitions', () => {
  const dates = { datePreOpen: T, dateOpen: T + MINUTE, dateCompleted: T + 2 * MINUTE };
  it('go one status at a time, each at its date', () => {
    expect(nextTransition({ status: 1, ...dates })).toEqual({ from: 1, to: 2, at: T });
    expect(nextTransition({ status: 2, ...dates })).toEqual({ from: 2, to: 3, at: T + MINUTE });
    expect(nextTransition({ status: 3, ...dates })).toEqual({ from: 3, to: 4, at: T + 2 * MINUTE });
  });
  it('open a Planning auction without a pre-open date at its opening date', () => {
    expect(nextTransition({ status: 1, ...dates, datePreOpen: null })).toEqual({ from: 1, to: 3, at: T + MINUTE });
  });
  it('wait for an operator when the date is missing, and stop at Completed', () => {
    expect(nextTransition({ status: 1, datePreOpen: null, dateOpen: null, dateCompleted: T })).toBeNull();
    expect(nextTransition({ status: 2, ...dates, dateOpen: null })).toBeNull();
    expect(nextTransition({ status: 3, ...dates, dateCompleted: null })).toBeNull();
    for (const status of [4, 5, 6]) expect(nextTransition({ status, ...dates })).toBeNull();
  });
  it('name the hub event of each status reached', () => {
    expect([1, 2, 3, 4, 5, 6].map(statusEvent)).toEqual([
      null,
      'AuctionPreOpen',
      'AuctionStarted',
      'AuctionEnded',
      null,
      null,
    ]);
  });
});
