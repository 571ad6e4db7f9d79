import { isAllowedHref } from '@auction/contract/richTextPolicy';

/** The formats the rich text toolbar writes: tags of the shared allowlist (`richTextPolicy`). */
export const RICH_TEXT_FORMATS = ['bold', 'italic', 'list', 'link'] as const;
export type RichTextFormat = (typeof RICH_TEXT_FORMATS)[number];

/** A replacement of the text box's selection, and what to select once it is written. */
export interface RichTextEdit {
  /** The replaced range of the text: the selection as it was. */
  start: number;
  end: number;
  /** What replaces it. */
  text: string;
  /** The selection afterwards, in the whole new text. */
  selectionStart: number;
  selectionEnd: number;
}

/** The keys that, with Ctrl (⌘ on a Mac), apply a format in the text box, as in any editor. */
export const RICH_TEXT_SHORTCUTS: Partial<Record<RichTextFormat, string>> = { bold: 'b', italic: 'i', link: 'k' };

/**
 * A format's shortcut as the toolbar's tooltip writes it: `Ctrl+B`, or `⌘B` on Apple's systems,
 * where the Command key does it (the text box answers both).
 */
export function shortcutKeys(format: RichTextFormat, apple: boolean): string | undefined {
  const key = RICH_TEXT_SHORTCUTS[format]?.toUpperCase();
  if (!key) return undefined;
  return apple ? `⌘${key}` : `Ctrl+${key}`;
}

/** The format a key pressed in the text box asks for, if it is one of the shortcuts. */
export function shortcutFormat(key: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): RichTextFormat | undefined {
  if (!(key.ctrlKey || key.metaKey) || key.altKey || key.shiftKey) return undefined;
  const pressed = key.key.toLowerCase();
  return RICH_TEXT_FORMATS.find((format) => RICH_TEXT_SHORTCUTS[format] === pressed);
}

/** The formats written at once around the selection; a link first asks for its address. */
export type WrappingFormat = Exclude<RichTextFormat, 'link'>;

/**
 * The selection `[start, end)` of `value` put in the format's tags, for organisers who should not
 * have to know HTML. The words stay selected inside their tags (so a second format wraps the same
 * words); with nothing selected the caret lands between the tags, ready to type. A list makes each
 * selected line an item.
 */
export function formatSelection(value: string, start: number, end: number, format: WrappingFormat): RichTextEdit {
  const selected = value.slice(start, end);
  switch (format) {
    case 'bold':
      return wrap(start, end, selected, '<strong>', '</strong>');
    case 'italic':
      return wrap(start, end, selected, '<em>', '</em>');
    case 'list':
      return list(start, end, selected);
  }
}

function wrap(start: number, end: number, selected: string, open: string, close: string): RichTextEdit {
  const inner = start + open.length;
  return {
    start,
    end,
    text: `${open}${selected}${close}`,
    selectionStart: inner,
    selectionEnd: inner + selected.length,
  };
}

/** What the link's form starts with: the selected words as its text, or an address selected as both. */
export function linkDraft(selected: string): { address: string; text: string } {
  const words = selected.trim();
  // Only words that name their scheme: `linkAddress` would also read any word with a dot as a site.
  const read = /^[a-z][a-z0-9+.-]*:/i.test(words) ? linkAddress(words) : null;
  return { address: read && 'address' in read ? read.address : '', text: selected };
}

/**
 * The address an organiser typed, as a link can hold it, or why it cannot: `example.org` is read
 * as a web address, `name@example.org` as an email and `514 555-0100` as a phone number (written
 * bare, each would be a page of the auction's own site); an address of the site itself (`/…`,
 * `#…`) is kept; a scheme must be one the sanitiser keeps, or the saved text would lose the link
 * without a word.
 */
export function linkAddress(typed: string): { address: string } | { refusal: 'required' | 'invalid' } {
  const address = typed.trim();
  if (address === '') return { refusal: 'required' };
  if (/^\+?[\d\s().-]+$/.test(address) && address.replace(/\D/g, '').length >= 7) {
    return { address: `tel:${address.replace(/[^\d+]/g, '')}` };
  }
  if (/\s/.test(address)) return { refusal: 'invalid' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(address)) {
    return isAllowedHref(address) && !/^[a-z][a-z0-9+.-]*:\/*$/i.test(address) ? { address } : { refusal: 'invalid' };
  }
  if (address.startsWith('/') || address.startsWith('#')) return { address };
  if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(address)) return { address: `mailto:${address}` };
  return /^[^/]+\.[^/]+/.test(address) ? { address: `https://${address}` } : { refusal: 'invalid' };
}

/**
 * The selection `[start, end)` replaced by a link to `address` (as `linkAddress` gave it) reading
 * `text`, or its own address when no text is given; the caret after it, to go on typing.
 */
export function insertLink(start: number, end: number, address: string, text: string): RichTextEdit {
  // The words are the text box's own HTML; an address shown in their place is text, escaped.
  const words = text.trim() === '' ? escapeMarkup(address.replace(/^(mailto|tel):/i, '')) : text;
  const link = `<a href="${escapeMarkup(address)}">${words}</a>`;
  const caret = start + link.length;
  return { start, end, text: link, selectionStart: caret, selectionEnd: caret };
}

function list(start: number, end: number, selected: string): RichTextEdit {
  const lines = selected
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const items = (lines.length === 0 ? [''] : lines).map((line) => `<li>${line}</li>`);
  const text = `<ul>\n${items.join('\n')}\n</ul>`;
  // The caret at the end of the last item: the next item is typed after it.
  const caret = start + text.length - '</li>\n</ul>'.length;
  return { start, end, text, selectionStart: caret, selectionEnd: caret };
}

/** Text written into the HTML, as an attribute's value or between tags: it cannot close or open one. */
function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
