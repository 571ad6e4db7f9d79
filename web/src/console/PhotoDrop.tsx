import { type DragEvent, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../api/client.ts';
import { type MessageId, serverMessageId } from '../i18n/messages.ts';
import { showToast } from '../live/toasts.tsx';

/** What a drop zone says: its invitation, its button, its hint and its success. */
export interface PhotoDropWords {
  drop: MessageId;
  choose: MessageId;
  hint: MessageId;
  added: MessageId;
}

/** The image types the API's uploads take (docs/operator-api.md "Lot photos"). */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/tiff';

/**
 * Images dropped or chosen (several at once), each sent on its own and one after the other, so they
 * keep the order they were chosen in and one refused file (not an image, too large) does not lose
 * the others: each refusal is named with its file. `done` runs once every file was answered.
 */
export function PhotoDrop({
  words,
  upload,
  done,
}: {
  words: PhotoDropWords;
  upload: (file: File) => Promise<unknown>;
  done: () => Promise<unknown>;
}) {
  const inputId = useId();
  const [refused, setRefused] = useState<{ file: string; message: string }[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(0);

  async function send(files: File[]) {
    if (files.length === 0) return;
    setRefused([]);
    setSending(files.length);
    const problems: { file: string; message: string }[] = [];
    for (const file of files) {
      try {
        await upload(file);
      } catch (error) {
        problems.push({ file: file.name, message: error instanceof ApiError ? error.message : 'there_was_an_error' });
      }
      setSending((left) => left - 1);
    }
    setRefused(problems);
    await done();
    if (problems.length < files.length) showToast('success', words.added);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file button inside is the keyboard's way. */}
      <div
        className={`photo-drop${dragging ? ' photo-drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          <FormattedMessage id={words.drop} />
        </p>
        <label htmlFor={inputId} className="button button--secondary">
          <FormattedMessage id={words.choose} />
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={ACCEPTED}
          multiple
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(files);
          }}
        />
        <p className="field__hint">
          <FormattedMessage id={words.hint} />
        </p>
        {sending > 0 && (
          <p role="status">
            <FormattedMessage id="console.lots.photos.sending" values={{ count: sending }} />
          </p>
        )}
      </div>
      {refused.length > 0 && (
        <ul className="photo-drop__refused" role="alert">
          {refused.map((problem) => (
            <li key={problem.file}>
              {problem.file}: <FormattedMessage id={serverMessageId(problem.message)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
