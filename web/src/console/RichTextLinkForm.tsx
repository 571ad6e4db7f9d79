import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { DialogActions } from '../layout/DialogActions.tsx';
import { Labelled } from '../layout/Labelled.tsx';
import { linkAddress } from './richTextFormat.ts';

const REFUSALS = {
  required: 'console.richText.linkAddressRequired',
  invalid: 'console.richText.linkAddressInvalid',
} as const;

/**
 * The toolbar's link asks where it goes and what it reads before writing anything: an organiser
 * who knows no HTML cannot be left to type an address between quotes. Not a `<form>`: it stands
 * inside the lot's or the tab's form, so Enter here inserts the link instead of saving that form.
 */
export function RichTextLinkForm({
  draft,
  onInsert,
  onCancel,
}: {
  draft: { address: string; text: string };
  /** The address as a link holds it (see `linkAddress`) and the words it reads. */
  onInsert: (address: string, text: string) => void;
  onCancel: () => void;
}) {
  const [address, setAddress] = useState(draft.address);
  const [text, setText] = useState(draft.text);
  const [refusal, setRefusal] = useState<keyof typeof REFUSALS>();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  function insert() {
    const read = linkAddress(address);
    if ('refusal' in read) {
      setRefusal(read.refusal);
      first.current?.focus();
    } else onInsert(read.address, text);
  }
  function keys(event: KeyboardEvent<HTMLFieldSetElement>) {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      insert();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <fieldset className="rich-text-link" onKeyDown={keys}>
      <legend className="visually-hidden">
        <FormattedMessage id="console.richText.linkForm" />
      </legend>
      <Labelled
        label="console.richText.linkAddress"
        error={refusal && REFUSALS[refusal]}
        hint="console.richText.linkAddressHint"
        control={(wiring) => (
          <input
            {...wiring}
            ref={first}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setRefusal(undefined);
            }}
          />
        )}
      />
      <Labelled
        label="console.richText.linkText"
        hint="console.richText.linkTextHint"
        control={(wiring) => (
          <input {...wiring} type="text" value={text} onChange={(event) => setText(event.target.value)} />
        )}
      />
      <DialogActions cancel="console.cancel" onCancel={onCancel}>
        <button type="button" className="button" onClick={insert}>
          <FormattedMessage id="console.richText.insertLink" />
        </button>
      </DialogActions>
    </fieldset>
  );
}
