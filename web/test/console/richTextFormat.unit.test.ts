import { describe, expect, it } from 'vitest';
import { formatSelection, type RichTextEdit } from '../../src/console/richTextFormat.ts';

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

  it('makes a link of the words and selects its address to be typed over', () => {
    expect(applied(value, formatSelection(value, 11, 18, 'link'))).toBe(
      'A lakeside <a href="[https://]">cottage</a> for two',
    );
  });

  it('makes an address selected both the link and its text', () => {
    const text = 'See https://example.org/lac?a=1&b=2 now';
    const edit = formatSelection(text, 4, 35, 'link');
    expect(applied(text, edit)).toBe(
      'See <a href="https://example.org/lac?a=1&amp;b=2">https://example.org/lac?a=1&b=2</a>[] now',
    );
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
