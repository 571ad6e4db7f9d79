import fp from 'fastify-plugin';
import { type LotPhotos, lotPhotos } from '../../media/lotPhotos.ts';
import { diskMediaStore } from '../../media/mediaStore.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded lot photos: resized, stored under DATA_DIR/media and served back by the API. */
    lotPhotos: LotPhotos;
  }
}

export default fp(
  async (app) => {
    app.decorate('lotPhotos', lotPhotos({ db: app.db, store: diskMediaStore(app.settings.mediaDir) }));
  },
  { name: 'lot-photos', dependencies: ['infrastructure'] },
);
