import { outboxQuery } from '@auction/contract';
import { listOutbox } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import { OUTBOX_LIMIT, outboxPage } from '../../outbox/outboxPage.ts';

/**
 * `GET /outbox`: the local catchers' messages as a page, for a developer running `npm start`
 * without real providers (LOCAL_OUTBOX=true); who may read it: the folder's autohooks. An HTML
 * page, so its bad query is answered in text rather than by the API's JSON validation.
 */
export default (async (app) => {
  if (!app.settings.localOutbox) return;
  app.get('/outbox', { schema: { hide: true } }, async (request, reply) => {
    const query = outboxQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).type('text/plain; charset=utf-8').send('Invalid query');
    const messages = await listOutbox(app.db, { limit: OUTBOX_LIMIT, ...(query.data.to ? { to: query.data.to } : {}) });
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'no-store')
      .send(outboxPage(messages, query.data.to));
  });
}) satisfies FastifyPluginAsync;
