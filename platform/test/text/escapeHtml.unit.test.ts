import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/text/escapeHtml.ts';

describe('escapeHtml', () => {
  it('leaves no character that could open a tag, end an attribute or start an entity', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Encan d’hiver 2026 · 150,00 $')).toBe('Encan d’hiver 2026 · 150,00 $');
  });
});
