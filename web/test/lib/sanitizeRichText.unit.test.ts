// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { richTextCases } from '../../../platform/test/richText/richTextCases.ts';
import { sanitizeRichText } from '../../src/lib/sanitizeRichText.ts';

describe('the web app’s rich-text sanitiser', () => {
  for (const { name, html, keeps, drops } of richTextCases) {
    it(`handles ${name}`, () => {
      const clean = sanitizeRichText(html);
      for (const kept of keeps) expect(clean).toContain(kept);
      for (const dropped of drops) expect(clean).not.toContain(dropped);
    });
  }
});
