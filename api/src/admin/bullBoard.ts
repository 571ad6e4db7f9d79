import { workerQueueNames } from '@auction/platform';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { Role } from '../accounts/roles.ts';
import { HttpError } from '../errors.ts';

export const BULL_BOARD_PATH = '/admin/queues';
/** Carries the access token for the dashboard's own requests (its pages, scripts and API calls). */
export const BULL_BOARD_COOKIE = 'bull_board_token';

export interface BullBoardOptions {
  redis: Redis;
  /** BullMQ key prefix of the workers' queues (tests use their own). */
  queuePrefix?: string;
}

/** The access token from the bearer header, else from `?token=`, else from the dashboard's cookie. */
function tokenOf(request: FastifyRequest): string | null {
  if (request.headers.authorization) return null;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof fromQuery === 'string' && fromQuery.length > 0) return fromQuery;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BULL_BOARD_COOKIE && value.length > 0) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * bull-board at /admin/queues: the messages, closings and auction-lifecycle queues, their delayed,
 * active and failed jobs, for administrators (role 1) only. A browser sends no bearer header, so
 * the first visit takes the access token as `?token=` and keeps it in an HttpOnly cookie scoped to
 * this path for the dashboard's further requests; the token is checked on every request exactly as
 * the API checks bearer tokens (signature, expiry, token version, disabled account, role).
 */
export async function bullBoardRoutes(app: FastifyInstance, options: BullBoardOptions): Promise<void> {
  const queues = workerQueueNames.map(
    (name) =>
      new Queue(name, { connection: options.redis, ...(options.queuePrefix ? { prefix: options.queuePrefix } : {}) }),
  );
  app.addHook('onClose', async () => {
    await Promise.all(queues.map((queue) => queue.close()));
  });

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
  });

  const administratorsOnly = app.requireRoles([Role.Administrator]);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    if (token) request.headers.authorization = `Bearer ${token}`;
    try {
      await administratorsOnly(request, reply);
    } catch (error) {
      // Answered here: bull-board's routes have an error handler of their own.
      if (!(error instanceof HttpError)) throw error;
      return reply
        .code(error.statusCode)
        .send({ statusCode: error.statusCode, success: false, message: error.message, messages: [error.message] });
    }
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof fromQuery === 'string') {
      reply.header(
        'set-cookie',
        `${BULL_BOARD_COOKIE}=${encodeURIComponent(fromQuery)}; Path=${BULL_BOARD_PATH}; HttpOnly; SameSite=Strict`,
      );
    }
  });
  await app.register(serverAdapter.registerPlugin(), { prefix: BULL_BOARD_PATH });
}
