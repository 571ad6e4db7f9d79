import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';
import { Labelled } from '../layout/Labelled.tsx';
import { sanitizeRichText } from '../lib/sanitizeRichText.ts';

/**
 * A rich text typed as HTML (a tab's page, a lot's description), with what bidders will see under
 * it: the text as the shared sanitiser lets it through, as their pages show it. Without the preview
 * the tags read as the text itself.
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
  // One block, so a form's grid keeps the preview under its text box.
  return (
    <div className="rich-text-field">
      <Labelled
        label={label}
        hint="console.richTextHint"
        control={(wiring) => (
          <textarea {...wiring} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
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
