import { describe, expect, it } from 'vitest';
import { frenchSpacing } from '../../src/rules/frenchSpacing.ts';

const nbsp = '\u00a0';
const narrow = '\u202f';

describe('frenchSpacing', () => {
  it('makes the space before a colon and a percent sign unbreakable', () => {
    expect(frenchSpacing('Total : 25 %')).toBe(`Total${nbsp}: 25${nbsp}%`);
  });

  it('puts a narrow no-break space before a question mark, an exclamation mark and a semicolon', () => {
    expect(frenchSpacing('Envoyer ce message ? Oui ! Enfin ; voilà')).toBe(
      `Envoyer ce message${narrow}? Oui${narrow}! Enfin${narrow}; voilà`,
    );
  });

  it('binds guillemets to the words they quote', () => {
    expect(frenchSpacing('le lot 12, « Tableau »')).toBe(`le lot 12, «${nbsp}Tableau${nbsp}»`);
  });

  it('keeps « no » with the number it abbreviates, and nothing else that ends in « no »', () => {
    expect(frenchSpacing('la facture no {number}, reçu no 31, facture no ')).toBe(
      `la facture no${nbsp}{number}, reçu no${nbsp}31, facture no${nbsp}`,
    );
    expect(frenchSpacing('Casino 5, no comment')).toBe('Casino 5, no comment');
  });

  it('leaves text written without spaces before punctuation as it is', () => {
    const english = 'Details: https://example.org/a?b=1 at 10:30 (25%)!';
    expect(frenchSpacing(english)).toBe(english);
  });

  it('is idempotent, and collapses several spaces before the sign into one', () => {
    const once = frenchSpacing('Courriel  : a@b.ca');
    expect(once).toBe(`Courriel${nbsp}: a@b.ca`);
    expect(frenchSpacing(once)).toBe(once);
  });
});
