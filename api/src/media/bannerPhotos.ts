import { randomUUID } from 'node:crypto';
import type { Db } from '@auction/platform';
import { type MediaStore, photoFileName } from '@auction/platform/media';
import { HttpError } from '../errors.ts';
import { resizePhoto } from './photoResizer.ts';
import { BANNER_WIDTHS, bannerUrl, MAX_BANNERS_PER_AUCTION, nextPhotoOrder } from './photoRules.ts';
import { storeThenInsert } from './storeThenInsert.ts';

export interface BannerPhotos {
  /**
   * Resizes and stores one image, then appends it after the auction's banner photos with a new
   * banner's flags (every language and screen, five seconds): its id, address and order.
   */
  add(auctionId: number, bytes: Buffer): Promise<{ id: number; fullPath: string; order: number }>;
}

/**
 * Uploaded banner photos (the header's carousel). Editing a banner's flags, moving or removing it
 * is the same as for a banner given by address; a removed banner's file stays for a day, so a page
 * already showing it keeps its image, then the workers collect it (workers/src/media/photoCollection.ts).
 */
export function bannerPhotos({ db, store }: { db: Db; store: MediaStore }): BannerPhotos {
  return {
    async add(auctionId, bytes) {
      // Decoded before the row exists: a file that is not an image leaves the auction as it was.
      const { banner } = await resizePhoto(bytes, BANNER_WIDTHS);
      const name = photoFileName(randomUUID(), 'banner');
      const fullPath = bannerUrl(name);
      return storeThenInsert(db, store, [{ name, bytes: banner }], async (trx) => {
        // Several uploads at once: the auction's row lock gives each its own place at the end.
        await trx.selectFrom('auctions').select('id').where('id', '=', auctionId).forUpdate().executeTakeFirstOrThrow();
        const rows = await trx
          .selectFrom('auction_photos')
          .select('order')
          .where('auction_id', '=', auctionId)
          .execute();
        if (rows.length >= MAX_BANNERS_PER_AUCTION) throw new HttpError(409, 'too_many_banners');
        const order = nextPhotoOrder(rows.map((row) => row.order));
        const { id } = await trx
          .insertInto('auction_photos')
          .values({ auction_id: auctionId, full_path: fullPath, order })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id, fullPath, order };
      });
    },
  };
}
