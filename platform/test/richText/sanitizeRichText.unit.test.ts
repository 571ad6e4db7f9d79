import { isAllowedHref } from '@auction/contract/richTextPolicy';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/richText/sanitizeRichText.ts';
import { richTextCases } from './richTextCases.ts';

describe('the API’s rich-text sanitiser', () => {
  for (const { name, html, keeps, drops } of richTextCases) {
    it(`handles ${name}`, () => {
      const clean = sanitizeRichText(html);
      for (const kept of keeps) expect(clean).toContain(kept);
      for (const dropped of drops) expect(clean).not.toContain(dropped);
    });
  }

  it('changes nothing the second time (stored text is already clean)', () => {
    for (const { html } of richTextCases) {
      const once = sanitizeRichText(html);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });

  it('keeps the demo’s descriptions as they are', () => {
    const demo = '<p>Weekend at the chalet. Generously offered to the foundation.</p>';
    expect(sanitizeRichText(demo)).toBe(demo);
    expect(sanitizeRichText('')).toBe('');
  });
});

describe('link addresses', () => {
  it('allows http, https, mailto, tel and relative addresses only', () => {
    for (const href of [
      'https://a.example',
      'http://a.example',
      'mailto:a@b.example',
      'tel:5145550100',
      '/lots',
      'lots#3',
      '?page=2',
    ]) {
      expect(isAllowedHref(href), href).toBe(true);
    }
    for (const href of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'JaVaScRiPt:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect(isAllowedHref(href), href).toBe(false);
    }
  });
});
