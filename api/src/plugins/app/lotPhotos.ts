import { openMediaStore } from '@auction/platform/media';
import fp from 'fastify-plugin';
import { type BannerPhotos, bannerPhotos } from '../../media/bannerPhotos.ts';
import { type LotPhotos, lotPhotos } from '../../media/lotPhotos.ts';

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
    // The same store the workers collect unnamed files from (workers/src/media/photoCollection.ts).
    const store = openMediaStore(app.settings);
    app.decorate('lotPhotos', lotPhotos({ db: app.db, store }));
    app.decorate('bannerPhotos', bannerPhotos({ db: app.db, store }));
  },
  { name: 'lot-photos', dependencies: ['infrastructure'] },
);
