import { describe, expect, it } from 'vitest';
import { hasWon, highlightOf, showsExtensionExplanation } from '../../src/lots/lotState.ts';
import { lotFixture } from '../lotFixture.ts';

const ACTIVE = 3;
const me = { userId: 'u-me' };

describe('a lot the user won', () => {
  const won = lotFixture({ status: 5, bidders: ['u-me', 'u-other'], winnerUserId: 'u-me', winningUserId: 'u-me' });
  it('is won, highlighted as won, not as a closed lot of another colour', () => {
    expect(hasWon(won, me, ACTIVE)).toBe(true);
    expect(highlightOf({ ...won, isFavorite: true }, me, ACTIVE, Date.now())).toBe('won');
  });
  it('is not won by another bidder, nor by a visitor', () => {
    expect(hasWon(won, { userId: 'u-other' }, ACTIVE)).toBe(false);
    expect(hasWon(won, { userId: null }, ACTIVE)).toBe(false);
    expect(highlightOf(won, { userId: 'u-other' }, ACTIVE, Date.now())).not.toBe('won');
  });
  it('is not won while open', () => {
    expect(hasWon({ ...won, status: 2, winnerUserId: null }, me, ACTIVE)).toBe(false);
  });
});

describe('the extension explanation', () => {
  it('shows on lots sold by bidding that allow extensions, never on fixed-price lots', () => {
    expect(showsExtensionExplanation({ type: 1, allowsTimeExtension: true })).toBe(true);
    expect(showsExtensionExplanation({ type: 3, allowsTimeExtension: true })).toBe(false);
    expect(showsExtensionExplanation({ type: 1, allowsTimeExtension: false })).toBe(false);
  });
});
