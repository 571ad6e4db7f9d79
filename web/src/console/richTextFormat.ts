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

const LINK_PLACEHOLDER = 'https://';

/**
 * The selection `[start, end)` of `value` put in the format's tags, for organisers who should not
 * have to know HTML. The words stay selected inside their tags (so a second format wraps the same
 * words); with nothing selected the caret lands between the tags, ready to type. A link's text is
 * the selection and its address is selected for typing over, unless the selection is an address
 * itself. A list makes each selected line an item.
 */
export function formatSelection(value: string, start: number, end: number, format: RichTextFormat): RichTextEdit {
  const selected = value.slice(start, end);
  switch (format) {
    case 'bold':
      return wrap(start, end, selected, '<strong>', '</strong>');
    case 'italic':
      return wrap(start, end, selected, '<em>', '</em>');
    case 'link':
      return link(start, end, selected);
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

function link(start: number, end: number, selected: string): RichTextEdit {
  const words = selected.trim();
  if (/^(https?:\/\/|mailto:|tel:)\S+$/i.test(words)) {
    // An address selected is both the link and its text: nothing is left to type.
    const text = `<a href="${escapeAttribute(words)}">${words}</a>`;
    return { start, end, text, selectionStart: start + text.length, selectionEnd: start + text.length };
  }
  const open = '<a href="';
  const text = `${open}${LINK_PLACEHOLDER}">${selected}</a>`;
  const address = start + open.length;
  return { start, end, text, selectionStart: address, selectionEnd: address + LINK_PLACEHOLDER.length };
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

/** An address as an attribute's value: a quote or an ampersand in it cannot close or change it. */
function escapeAttribute(address: string): string {
  return address.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}
