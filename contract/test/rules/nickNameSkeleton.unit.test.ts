import { describe, expect, it } from 'vitest';
import { nickNameSkeleton } from '../../src/rules/nickNameSkeleton.ts';

const same = (a: string, b: string) => nickNameSkeleton(a) === nickNameSkeleton(b);

describe('the skeleton of a displayed bidder name', () => {
  it('is the same for names that differ only in case, spacing or invisible characters', () => {
    expect(same('Marie_L', 'marie_l')).toBe(true);
    expect(same('Marie_L', ' MARIE_L ')).toBe(true);
    for (const hidden of ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u202e', '\u2066', '\ufeff', '\u00ad']) {
      expect(same('Marie_L', `Marie_L${hidden}`), `U+${hidden.codePointAt(0)?.toString(16)}`).toBe(true);
      expect(same('Marie_L', `Ma${hidden}rie_L`)).toBe(true);
    }
    expect(same('Marie L', 'Marie \u00a0 L')).toBe(true);
    expect(same('Marie L', 'Marie\tL')).toBe(true);
  });

  it('is the same for Cyrillic and Greek letters drawn like Latin ones', () => {
    expect(same('Marie_L', 'M\u0430rie_L')).toBe(true); // Cyrillic а
    expect(same('Jean-Philippe', 'J\u0435\u0430n-\u0420hilipp\u0435')).toBe(true); // е, а, Р
    expect(same('Scott', '\u0405\u0441\u043e\u0442\u0442')).toBe(true); // Ѕ, с, о, т, т
    expect(same('Bijoy Xu', '\u0432\u0456\u0458\u043e\u0443 \u0445u')).toBe(true); // в, і, ј, о, у, х
    expect(
      same('ABEZHIKMNOPTYX', '\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7'),
    ).toBe(true);
    expect(same('Paul', 'Pa\u03c5l')).toBe(true); // Greek small υ
    expect(same('Nina', '\u039dina')).toBe(true); // Greek capital Ν
    expect(same('Pëtr', 'P\u0451tr')).toBe(true); // Cyrillic ё, accent and all
  });

  it('is the same for compatibility forms and for an accent typed either way', () => {
    expect(same('MarieL', '\uff2d\uff41\uff52\uff49\uff45\uff2c')).toBe(true); // fullwidth
    expect(same('Soufflé', 'Sou\ufb04e\u0301')).toBe(true); // the ﬄ ligature, a combining acute
    expect(same('Hélène', 'He\u0301le\u0300ne')).toBe(true);
    expect(same('Hélène', 'HÉLÈNE')).toBe(true);
    expect(same('Straße', 'STRASSE')).toBe(true);
    expect(same('Jean-Philippe', 'Jean\u2010Philippe')).toBe(true);
  });

  it('keeps names apart that read differently, accents included', () => {
    expect(same('Hélène', 'Helene')).toBe(false);
    expect(same('Hélène', 'Hélene')).toBe(false);
    expect(same('Zoé', 'Zoè')).toBe(false);
    expect(same('Marie_L', 'Marie_M')).toBe(false);
    expect(same('Marie_L', 'MarieL')).toBe(false);
    expect(same('Marie L', 'MarieL')).toBe(false);
    expect(same('Élise', 'Elise')).toBe(false);
  });

  it('reads as the name in small letters, accents and all', () => {
    expect(nickNameSkeleton('  Hélène\u200b  Côté ')).toBe('hélène côté');
    expect(nickNameSkeleton('M\u0430rie_L')).toBe('marie_l');
  });
});
