import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Answers compressed for a client that accepts it (Brotli, else gzip): a lot list or an auction's
 * answer shrinks to a fraction on a bidder's phone network. Small answers (a bid's standing, under
 * a kilobyte) go as they are, so the closing minute's hot path pays nothing; Brotli runs at a low
 * quality, cheap enough to do per answer. The built web app's files are compressed once at build
 * time and sent with their encoding already set, which this leaves alone. Request bodies are not
 * decompressed: no client of the API sends them compressed.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compress' },
);
