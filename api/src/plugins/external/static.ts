import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * The built web app at / (when it was built); app.ts answers unknown GET paths outside /api with
 * its index.html, since client-side routes (/encans/..., /en/...) are pages of the single-page app.
 */
export default fp(
  async (app) => {
    const root = app.settings.webDist;
    if (!existsSync(resolve(root, 'index.html'))) {
      app.log.warn({ webDist: root }, 'web app not built: only the API is served');
      return;
    }
    // preCompressed: the build writes .br and .gz copies (web/scripts/precompress.ts), sent when accepted.
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'], preCompressed: true });
  },
  { name: 'static', dependencies: ['infrastructure'] },
);
