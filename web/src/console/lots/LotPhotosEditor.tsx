import type { operator } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../api/client.ts';
import { type MessageId, serverMessageId } from '../../i18n/messages.ts';
import { showToast } from '../../live/toasts.tsx';
import { consoleKeys } from '../queries.ts';
import { lotsMutations } from './queries.ts';
import './lots.css';

type Lot = operator.OperatorLot;
type Photo = Lot['photos'][number];

/** The lot's photos in a new order (or without one): the lot's edit replaces the list. */
export function photosBody(photos: readonly Photo[]) {
  return photos.map((photo, order) => ({
    fullPathLarge: photo.fullPath_Large,
    fullPathMedium: photo.fullPath_Medium,
    description: photo.description,
    order,
  }));
}

/**
 * A lot's photos: dropped or chosen (several at once), each sent on its own so one refused file
 * (not an image, too large) does not lose the others; reordered and removed through the lot's edit.
 */
export function LotPhotosEditor({ lot, auctionId }: { lot: Lot; auctionId: number }) {
  const intl = useIntl();
  const inputId = useId();
  const queryClient = useQueryClient();
  const upload = useMutation(lotsMutations.uploadPhoto(lot.id));
  const edit = useMutation(lotsMutations.edit(lot.id));
  const [refused, setRefused] = useState<{ file: string; message: string }[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(0);
  const photos = [...lot.photos].sort((a, b) => a.order - b.order);
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.lots(auctionId) });

  async function send(files: File[]) {
    if (files.length === 0) return;
    setRefused([]);
    setSending(files.length);
    const problems: { file: string; message: string }[] = [];
    // One after the other: the lot keeps the order the files were chosen in.
    for (const file of files) {
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        problems.push({ file: file.name, message: error instanceof ApiError ? error.message : 'there_was_an_error' });
      }
      setSending((left) => left - 1);
    }
    setRefused(problems);
    await refresh();
    if (problems.length < files.length) showToast('success', 'console.lots.photos.added');
  }

  async function save(next: Photo[]) {
    await edit.mutateAsync({ photos: photosBody(next) });
    await refresh();
  }
  const move = (index: number, by: number) => {
    const next = [...photos];
    const [photo] = next.splice(index, 1);
    if (photo) next.splice(index + by, 0, photo);
    return save(next);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  };

  return (
    <fieldset className="setup__group lot-photos">
      <legend>
        <FormattedMessage id="console.lots.photos.title" />
      </legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file button inside is the keyboard's way. */}
      <div
        className={`lot-photos__drop${dragging ? ' lot-photos__drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          <FormattedMessage id="console.lots.photos.drop" />
        </p>
        <label htmlFor={inputId} className="button button--secondary">
          <FormattedMessage id="console.lots.photos.choose" />
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/tiff"
          multiple
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(files);
          }}
        />
        <p className="field__hint">
          <FormattedMessage id="console.lots.photos.hint" />
        </p>
        {sending > 0 && (
          <p role="status">
            <FormattedMessage id="console.lots.photos.sending" values={{ count: sending }} />
          </p>
        )}
      </div>
      {refused.length > 0 && (
        <ul className="lot-photos__refused" role="alert">
          {refused.map((problem) => (
            <li key={problem.file}>
              {problem.file}: <FormattedMessage id={serverMessageId(problem.message)} />
            </li>
          ))}
        </ul>
      )}
      {photos.length === 0 ? (
        <p>
          <FormattedMessage id="console.lots.photos.none" />
        </p>
      ) : (
        <ol className="lot-photos__list">
          {photos.map((photo, index) => {
            const label = (id: MessageId) => intl.formatMessage({ id }, { position: index + 1 });
            return (
              <li key={photo.fullPath_Large}>
                <img src={photo.fullPath_Medium} alt={label('console.lots.photos.alt')} />
                <div className="console__roles">
                  <button
                    type="button"
                    className="console__role"
                    disabled={index === 0 || edit.isPending}
                    aria-label={label('console.lots.photos.earlier')}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="console__role"
                    disabled={index === photos.length - 1 || edit.isPending}
                    aria-label={label('console.lots.photos.later')}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="console__role"
                    disabled={edit.isPending}
                    aria-label={label('console.lots.photos.remove')}
                    onClick={() => save(photos.filter((_, i) => i !== index))}
                  >
                    <FormattedMessage id="console.lots.photos.removeShort" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}
