import { describe, expect, it } from 'vitest';
import { canInvite, menuVisibility, splitTabs } from '../../src/auctions/menu.ts';

describe('header menu visibility (spec 001 §2)', () => {
  it('follows the auction status and donation type', () => {
    expect(menuVisibility(3, 1, false)).toEqual({
      favorites: true,
      leaderboard: true,
      winners: false,
      donations: true,
    });
    expect(menuVisibility(3, 0, false).donations).toBe(false);
    expect(menuVisibility(4, 2, false)).toEqual({
      favorites: true,
      leaderboard: true,
      winners: true,
      donations: false,
    });
    expect(menuVisibility(2, 1, false)).toEqual({
      favorites: false,
      leaderboard: false,
      winners: false,
      donations: false,
    });
  });

  it('hides everything from a locked bidder', () => {
    expect(menuVisibility(3, 1, true)).toEqual({
      favorites: false,
      leaderboard: false,
      winners: false,
      donations: false,
    });
  });

  it('shows invite to volunteers, administrators and auction managers only', () => {
    expect(canInvite([4])).toBe(true);
    expect(canInvite([1])).toBe(true);
    expect(canInvite([3])).toBe(false);
    expect(canInvite([])).toBe(false);
  });
});

describe('tab overflow (spec 001 §2)', () => {
  const tabs = (n: number) => Array.from({ length: n }, (_, i) => ({ order: n - i }));

  it('keeps 2 in the bar from 4 tabs, else 3, sorted by order', () => {
    expect(splitTabs(tabs(5), true).inBar.map((t) => t.order)).toEqual([1, 2]);
    expect(splitTabs(tabs(5), true).inDropdown.map((t) => t.order)).toEqual([3, 4, 5]);
    expect(splitTabs(tabs(3), true).inBar).toHaveLength(3);
    expect(splitTabs(tabs(3), true).inDropdown).toHaveLength(0);
  });

  it('puts every tab in the dropdown on mobile', () => {
    expect(splitTabs(tabs(2), false)).toEqual({ inBar: [], inDropdown: [{ order: 1 }, { order: 2 }] });
  });
});
