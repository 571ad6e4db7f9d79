import fp from 'fastify-plugin';
import { type BannerPhotos, bannerPhotos } from '../../media/bannerPhotos.ts';
import { type LotPhotos, lotPhotos } from '../../media/lotPhotos.ts';
import { diskMediaStore } from '../../media/mediaStore.ts';
import { s3MediaStore } from '../../media/s3MediaStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded lot photos: resized, stored under DATA_DIR/media or in S3_URL's bucket, served back by the API. */
    lotPhotos: LotPhotos;
    /** Uploaded banner photos of an auction, in the same store as the lot photos. */
    bannerPhotos: BannerPhotos;
  }
}

export default fp(
  async (app) => {
    const { s3, mediaDir } = app.settings;
    const store = s3 ? s3MediaStore(s3) : diskMediaStore(mediaDir);
    app.decorate('lotPhotos', lotPhotos({ db: app.db, store }));
    app.decorate('bannerPhotos', bannerPhotos({ db: app.db, store }));
  },
  { name: 'lot-photos', dependencies: ['infrastructure'] },
);
