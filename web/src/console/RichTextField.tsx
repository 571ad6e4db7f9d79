import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';
import { Labelled } from '../layout/Labelled.tsx';
import { sanitizeRichText } from '../lib/sanitizeRichText.ts';
import { RichTextLinkForm } from './RichTextLinkForm.tsx';
import {
  formatSelection,
  insertLink,
  linkDraft,
  RICH_TEXT_FORMATS,
  RICH_TEXT_SHORTCUTS,
  type RichTextEdit,
  type RichTextFormat,
  shortcutFormat,
  shortcutKeys,
} from './richTextFormat.ts';

/** Apple's systems press ⌘ where others press Ctrl; only the tooltip's wording depends on it. */
const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const FORMAT_LABELS: Record<RichTextFormat, MessageId> = {
  bold: 'console.richText.bold',
  italic: 'console.richText.italic',
  list: 'console.richText.list',
  link: 'console.richText.link',
};

/**
 * A rich text typed as HTML (a tab's page, a lot's description), with what bidders will see under
 * it: the text as the shared sanitiser lets it through, as their pages show it. Without the preview
 * the tags read as the text itself. A toolbar writes the common tags around the selection, so an
 * organiser need not know them; the text box stays plain text, which any device can edit.
 */
export function RichTextField({
  label,
  preview,
  value,
  onChange,
  rows = 5,
}: {
  label: MessageId;
  /** The preview's name, for screen readers. */
  preview: MessageId;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}) {
  const intl = useIntl();
  const safe = useMemo(() => sanitizeRichText(value), [value]);
  const box = useRef<HTMLTextAreaElement>(null);
  // The selection to restore once the formatted text is rendered.
  const selection = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const pending = selection.current;
    if (pending && box.current?.value === value) {
      box.current.setSelectionRange(pending[0], pending[1]);
      selection.current = null;
    }
  }, [value]);

  // One stop in the tab order for the whole toolbar; the arrows move within it.
  const [current, setCurrent] = useState(0);
  function moveInToolbar(event: KeyboardEvent<HTMLDivElement>) {
    const last = RICH_TEXT_FORMATS.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + last + 1) % (last + 1);
    event.currentTarget.querySelectorAll('button')[index]?.focus();
  }

  // The link's form, open on what was selected when Link was pressed.
  const [linking, setLinking] = useState<{ address: string; text: string } | null>(null);

  function apply(format: RichTextFormat) {
    const textarea = box.current;
    if (!textarea) return;
    if (format === 'link') {
      setLinking(linking ? null : linkDraft(value.slice(textarea.selectionStart, textarea.selectionEnd)));
      return;
    }
    write(formatSelection(value, textarea.selectionStart, textarea.selectionEnd, format));
  }
  // A text box keeps its selection while the link's form has the focus: the link replaces it.
  function link(address: string, text: string) {
    const textarea = box.current;
    setLinking(null);
    if (textarea) write(insertLink(textarea.selectionStart, textarea.selectionEnd, address, text));
  }
  function closeLink() {
    setLinking(null);
    box.current?.focus();
  }

  function write(edit: RichTextEdit) {
    const textarea = box.current;
    if (!textarea) return;
    selection.current = [edit.selectionStart, edit.selectionEnd];
    textarea.focus();
    textarea.setSelectionRange(edit.start, edit.end);
    // Typed into the box, the edit joins its undo history; where the browser cannot, it is set.
    const typed = typeof document.execCommand === 'function' && document.execCommand('insertText', false, edit.text);
    if (!typed) onChange(value.slice(0, edit.start) + edit.text + value.slice(edit.end));
  }

  // Shown on hovering a button: its name and, where it has one, its shortcut.
  function tooltip(format: RichTextFormat): string {
    const name = intl.formatMessage({ id: FORMAT_LABELS[format] });
    const keys = shortcutKeys(format, APPLE);
    return keys ? intl.formatMessage({ id: 'console.richText.withShortcut' }, { format: name, keys }) : name;
  }

  // One block, so a form's grid keeps the preview under its text box.
  return (
    <div className="rich-text-field">
      <Labelled
        label={label}
        hint="console.richTextHint"
        control={(wiring) => (
          <>
            <div
              role="toolbar"
              aria-label={intl.formatMessage({ id: 'console.richText.toolbar' })}
              aria-controls={wiring.id}
              className="rich-text-toolbar"
              onKeyDown={moveInToolbar}
            >
              {RICH_TEXT_FORMATS.map((format, index) => (
                <button
                  key={format}
                  type="button"
                  tabIndex={index === current ? 0 : -1}
                  onFocus={() => setCurrent(index)}
                  className={`console__role rich-text-toolbar__button rich-text-toolbar__button--${format}`}
                  // Pressed with the mouse, the text box keeps its focus and its selection.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => apply(format)}
                  aria-expanded={format === 'link' ? linking !== null : undefined}
                  aria-keyshortcuts={keyShortcuts(format)}
                  title={tooltip(format)}
                >
                  <FormattedMessage id={FORMAT_LABELS[format]} />
                </button>
              ))}
            </div>
            {linking ? <RichTextLinkForm draft={linking} onInsert={link} onCancel={closeLink} /> : null}
            <textarea
              {...wiring}
              ref={box}
              rows={rows}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={(event) => {
                const format = shortcutFormat(event);
                if (!format) return;
                // The browser's own Ctrl+B or Ctrl+K (bookmarks, search) would take the key otherwise.
                event.preventDefault();
                apply(format);
              }}
            />
          </>
        )}
      />
      {value.trim() ? (
        <section className="rich-text-preview" aria-label={intl.formatMessage({ id: preview })}>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: reduced to the shared allowlist just above */}
          <div dangerouslySetInnerHTML={{ __html: safe }} />
        </section>
      ) : null}
    </div>
  );
}

/** The shortcut of a format as screen readers announce it: Ctrl, or ⌘ on a Mac. */
function keyShortcuts(format: RichTextFormat): string | undefined {
  const key = RICH_TEXT_SHORTCUTS[format]?.toUpperCase();
  return key ? `Control+${key} Meta+${key}` : undefined;
}
