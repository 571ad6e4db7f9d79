import { errorAnswer, errorAnswers, healthAnswer } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** For load balancers and the operators: 200 when PostgreSQL and Redis answer, 503 otherwise. */
export default (async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Whether PostgreSQL and Redis answer (within a second each)',
        response: { ...errorAnswers(), 200: healthAnswer, 503: z.union([healthAnswer, errorAnswer]) },
      },
    },
    async (_request, reply) => {
      const { ok, postgres, redis } = await app.health.check();
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', postgres, redis });
    },
  );
}) satisfies FastifyPluginAsyncZod;
