import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters } from '../../src/accounts/nickNameCharacters.ts';

describe('the characters a nickname may not hold', () => {
  it('are the invisible, direction, control, private and unassigned ones', () => {
    for (const hidden of [
      '\u200b',
      '\u200d',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\ufeff',
      '\u00ad',
      '\u3164',
      '\u0007',
      '\t',
      '\n',
      '\u2028',
      '\ue000',
      '\u{10ffff}',
    ]) {
      expect(hasHiddenCharacters(`Marie${hidden}L`), `U+${hidden.codePointAt(0)?.toString(16)}`).toBe(true);
    }
  });

  it('leave French names, spaces, punctuation and emoji alone', () => {
    for (const name of [
      'Hélène Côté',
      'Jean-François',
      "L'Écuyer",
      'Marie_L',
      'Zoë 🎉',
      'Marie ❤️',
      'Łukasz',
      '王小明',
    ]) {
      expect(hasHiddenCharacters(name), name).toBe(false);
    }
  });
});
