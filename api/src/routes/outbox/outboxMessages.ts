import { errorAnswers, outboxMessages, outboxQuery } from '@auction/contract';
import { listOutbox } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OUTBOX_LIMIT } from '../../outbox/outboxPage.ts';

/**
 * `GET /api/dev/outbox`: what the local SMTP catcher and SMS double received (JSON), the latest
 * 100, optionally only those to one address. Only with LOCAL_OUTBOX=true (`npm start` without
 * real providers); who may read it: the folder's autohooks.
 */
export default (async (root) => {
  if (!root.settings.localOutbox) return;
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'The email and SMS the local catchers received, newest first (LOCAL_OUTBOX only)',
        querystring: outboxQuery,
        response: { 200: outboxMessages, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) =>
      listOutbox(app.db, { limit: OUTBOX_LIMIT, ...(request.query.to ? { to: request.query.to } : {}) }),
  );
}) satisfies FastifyPluginAsync;
