import { describe, expect, it } from 'vitest';
import { textIn } from '../../src/i18n/textIn.ts';

describe('textIn', () => {
  it("answers the page's language, else French, else English, else nothing", () => {
    expect(textIn({ en: 'Dinner', fr: 'Souper' }, 'en')).toBe('Dinner');
    expect(textIn({ en: 'Dinner', fr: 'Souper' }, 'fr')).toBe('Souper');
    expect(textIn({ fr: 'Souper' }, 'en')).toBe('Souper');
    expect(textIn({ en: 'Dinner', fr: null }, 'fr')).toBe('Dinner');
    expect(textIn({}, 'fr')).toBe('');
  });
});
