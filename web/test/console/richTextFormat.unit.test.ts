import { describe, expect, it } from 'vitest';
import {
  formatSelection,
  insertLink,
  linkAddress,
  linkDraft,
  type RichTextEdit,
  shortcutFormat,
  shortcutKeys,
} from '../../src/console/richTextFormat.ts';

/** The text after the edit, with the selection marked `[…]`. */
function applied(value: string, edit: RichTextEdit): string {
  const text = value.slice(0, edit.start) + edit.text + value.slice(edit.end);
  return `${text.slice(0, edit.selectionStart)}[${text.slice(edit.selectionStart, edit.selectionEnd)}]${text.slice(edit.selectionEnd)}`;
}

describe('the rich text toolbar’s formats', () => {
  const value = 'A lakeside cottage for two';

  it('puts the selected words in bold or italics, and keeps them selected inside the tags', () => {
    expect(applied(value, formatSelection(value, 2, 10, 'bold'))).toBe('A <strong>[lakeside]</strong> cottage for two');
    expect(applied(value, formatSelection(value, 11, 18, 'italic'))).toBe('A lakeside <em>[cottage]</em> for two');
  });

  it('with nothing selected, writes the tags with the caret between them', () => {
    expect(applied(value, formatSelection(value, 2, 2, 'bold'))).toBe('A <strong>[]</strong>lakeside cottage for two');
  });

  it('makes a list item of each selected line, blank lines left out', () => {
    const text = 'Included:\nBreakfast\n\n  Late checkout \nEnd';
    const start = text.indexOf('Breakfast');
    const end = text.indexOf('\nEnd');
    expect(applied(text, formatSelection(text, start, end, 'list'))).toBe(
      'Included:\n<ul>\n<li>Breakfast</li>\n<li>Late checkout[]</li>\n</ul>\nEnd',
    );
  });

  it('with nothing selected, writes an empty list with the caret in its item', () => {
    expect(applied('', formatSelection('', 0, 0, 'list'))).toBe('<ul>\n<li>[]</li>\n</ul>');
  });
});

describe('the rich text toolbar’s link', () => {
  it('starts from the selected words as its text, or from a selected address as both', () => {
    expect(linkDraft('our website')).toEqual({ address: '', text: 'our website' });
    expect(linkDraft(' https://example.org/lac ')).toEqual({
      address: 'https://example.org/lac',
      text: ' https://example.org/lac ',
    });
    expect(linkDraft('')).toEqual({ address: '', text: '' });
  });

  it('reads a bare host as a web page, a bare email as an email and digits as a phone number, keeping the site’s own addresses', () => {
    expect(linkAddress(' example.org/gala ')).toEqual({ address: 'https://example.org/gala' });
    expect(linkAddress('info@example.org')).toEqual({ address: 'mailto:info@example.org' });
    expect(linkAddress('http://example.org')).toEqual({ address: 'http://example.org' });
    expect(linkAddress('tel:+15145550100')).toEqual({ address: 'tel:+15145550100' });
    expect(linkAddress('+1 (514) 555-0100')).toEqual({ address: 'tel:+15145550100' });
    expect(linkAddress('/encans/demo-gala')).toEqual({ address: '/encans/demo-gala' });
    expect(linkAddress('#dons')).toEqual({ address: '#dons' });
  });

  it('refuses what the sanitiser would take away, or what leads nowhere', () => {
    expect(linkAddress('  ')).toEqual({ refusal: 'required' });
    for (const typed of [
      'javascript:alert(1)',
      'JaVa	Script:alert(1)',
      'data:text/html,x',
      'https://',
      'mailto:',
      'gala',
      'the gala.org',
      '555 01',
    ]) {
      expect(linkAddress(typed), typed).toEqual({ refusal: 'invalid' });
    }
  });

  it('replaces the selection with the link, its address made safe as an attribute, the caret after it', () => {
    const value = 'See our website now';
    const edit = insertLink(4, 15, 'https://example.org/?a=1&b="2"', 'our website');
    expect(applied(value, edit)).toBe(
      'See <a href="https://example.org/?a=1&amp;b=&quot;2&quot;">our website</a>[] now',
    );
  });

  it('reads its own address, as text, when it is given no words', () => {
    expect(insertLink(0, 0, 'mailto:info@example.org', ' ').text).toBe(
      '<a href="mailto:info@example.org">info@example.org</a>',
    );
    expect(insertLink(0, 0, 'https://example.org/?a=1&b=2', '').text).toBe(
      '<a href="https://example.org/?a=1&amp;b=2">https://example.org/?a=1&amp;b=2</a>',
    );
  });
});

describe('the rich text toolbar’s shortcuts', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

  it('are Ctrl or ⌘ with B, I and K, as in any editor', () => {
    expect(shortcutFormat(key('b', { ctrlKey: true }))).toBe('bold');
    expect(shortcutFormat(key('I', { metaKey: true }))).toBe('italic');
    expect(shortcutFormat(key('k', { ctrlKey: true }))).toBe('link');
  });

  it('leave every other key to the text box: plain letters, other combinations, Ctrl+Z', () => {
    expect(shortcutFormat(key('b'))).toBeUndefined();
    expect(shortcutFormat(key('b', { ctrlKey: true, shiftKey: true }))).toBeUndefined();
    expect(shortcutFormat(key('b', { ctrlKey: true, altKey: true }))).toBeUndefined();
    expect(shortcutFormat(key('z', { ctrlKey: true }))).toBeUndefined();
    expect(shortcutFormat(key('l', { ctrlKey: true }))).toBeUndefined();
  });

  it('are written Ctrl+B in the tooltips, ⌘B on Apple’s systems, and not at all for List', () => {
    expect(shortcutKeys('bold', false)).toBe('Ctrl+B');
    expect(shortcutKeys('link', true)).toBe('⌘K');
    expect(shortcutKeys('list', false)).toBeUndefined();
  });
});
