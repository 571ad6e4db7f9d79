import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app at / (when it was built); app.ts answers unknown GET paths outside /api and
 * /assets with its index.html, since client-side routes (/encans/..., /en/...) are pages of the
 * single-page app.
 */
export default fp(
  async (app) => {
    const root = app.settings.webDist;
    if (!existsSync(resolve(root, 'index.html'))) {
      app.log.warn({ webDist: root }, 'web app not built: only the API is served');
      return;
    }
    const assets = resolve(root, 'assets') + sep;
    // preCompressed: the build writes .br and .gz copies (web/scripts/precompress.ts), sent when accepted.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      // Vite names each file in /assets/ by its content's hash: a phone keeps it for good instead of
      // asking again on every page; a new build has new names. The rest (index.html, sw.js, the
      // manifest, icons) is asked again each time, so a deployment is seen at once. Set here rather
      // than by the plugin's own header, which would overwrite this one. The answer is a .br or .gz
      // copy or the file by what the browser accepts, so a shared cache must keep them apart.
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : 'public, max-age=0');
        response.setHeader('vary', 'accept-encoding');
      },
    });
  },
  { name: 'static', dependencies: ['infrastructure'] },
);
