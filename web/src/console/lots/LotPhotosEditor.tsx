import type { operator } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { movedItems } from '../movedItems.ts';
import { PhotoDrop, type PhotoDropWords } from '../PhotoDrop.tsx';
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

const PHOTO_DROP_WORDS: PhotoDropWords = {
  drop: 'console.lots.photos.drop',
  choose: 'console.lots.photos.choose',
  hint: 'console.lots.photos.hint',
  added: 'console.lots.photos.added',
};

/**
 * A lot's photos: dropped or chosen (several at once), each sent on its own so one refused file
 * (not an image, too large) does not lose the others; reordered and removed through the lot's edit.
 */
export function LotPhotosEditor({ lot, auctionId }: { lot: Lot; auctionId: number }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const upload = useMutation(lotsMutations.uploadPhoto(lot.id));
  const edit = useMutation(lotsMutations.edit(lot.id));
  const photos = [...lot.photos].sort((a, b) => a.order - b.order);
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.lots(auctionId) });

  async function save(next: Photo[]) {
    await edit.mutateAsync({ photos: photosBody(next) });
    await refresh();
  }
  const move = (index: number, step: -1 | 1) => {
    const next = movedItems(photos, index, step);
    return next ? save(next) : undefined;
  };

  return (
    <fieldset className="setup__group lot-photos">
      <legend>
        <FormattedMessage id="console.lots.photos.title" />
      </legend>
      <PhotoDrop words={PHOTO_DROP_WORDS} upload={(file) => upload.mutateAsync(file)} done={refresh} />
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
