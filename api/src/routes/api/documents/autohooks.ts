import type { FastifyPluginAsync } from 'fastify';

/** Documents are sent by a signed-in user about their own (or their organisation's) invoices. */
export default (async (app) => {
  app.addHook('onRequest', app.authenticate);
}) satisfies FastifyPluginAsync;
