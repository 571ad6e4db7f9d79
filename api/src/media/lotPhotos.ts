import { randomUUID } from 'node:crypto';
import type { Db } from '@auction/platform';
import { type MediaStore, photoFileName } from '@auction/platform/media';
import { HttpError } from '../errors.ts';
import { resizePhoto } from './photoResizer.ts';
import { nextPhotoOrder, photoUrl } from './photoRules.ts';
import { storeThenInsert } from './storeThenInsert.ts';

/** As many photos as a lot's edit accepts (operator/lotFields.ts). */
export const MAX_PHOTOS_PER_LOT = 50;

export interface LotPhotos {
  /** Resizes, stores and appends one photo after the lot's others; its order and addresses. */
  add(lotId: number, bytes: Buffer): Promise<{ fullPathLarge: string; fullPathMedium: string; order: number }>;
  store: MediaStore;
}

/**
 * Uploaded lot photos. Reordering and removing them is the lot's edit (PATCH with `photos`); a
 * removed photo's files stay for a day, so an address a bidder's page already holds keeps
 * answering, then the workers collect them (workers/src/media/photoCollection.ts).
 */
export function lotPhotos({ db, store }: { db: Db; store: MediaStore }): LotPhotos {
  return {
    store,
    async add(lotId, bytes) {
      // Decoded before the row exists: a file that is not an image leaves the lot as it was.
      const sizes = await resizePhoto(bytes);
      const id = randomUUID();
      const names = { large: photoFileName(id, 'large'), medium: photoFileName(id, 'medium') };
      const photo = { fullPathLarge: photoUrl(names.large), fullPathMedium: photoUrl(names.medium) };
      const files = [
        { name: names.large, bytes: sizes.large },
        { name: names.medium, bytes: sizes.medium },
      ];
      return storeThenInsert(db, store, files, async (trx) => {
        // Several uploads at once: the lot's row lock gives each its own place at the end.
        await trx.selectFrom('lots').select('id').where('id', '=', lotId).forUpdate().executeTakeFirstOrThrow();
        const rows = await trx.selectFrom('lot_photos').select('order').where('lot_id', '=', lotId).execute();
        if (rows.length >= MAX_PHOTOS_PER_LOT) throw new HttpError(409, 'too_many_photos');
        const order = nextPhotoOrder(rows.map((row) => row.order));
        await trx
          .insertInto('lot_photos')
          .values({
            lot_id: lotId,
            order,
            full_path_large: photo.fullPathLarge,
            full_path_medium: photo.fullPathMedium,
            description: null,
          })
          .execute();
        return { ...photo, order };
      });
    },
  };
}
