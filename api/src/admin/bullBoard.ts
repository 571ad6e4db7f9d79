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
 * The dashboard is for administrators (role 1) only. A browser sends no bearer header, so the first
 * visit takes the access token as `?token=` and keeps it in an HttpOnly cookie scoped to the
 * dashboard's path for its further requests; the token is checked on every request exactly as the
 * API checks bearer tokens (signature, expiry, token version, disabled account, role).
 */
export function administratorsOnBullBoard(app: FastifyInstance) {
  const administratorsOnly = app.requireRoles([Role.Administrator]);
  return async (request: FastifyRequest, reply: FastifyReply) => {
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
  };
}

/**
 * bull-board over the workers' queues (messages, closings, auction lifecycle, invoice charges,
 * audit checkpoints, photo collection): their delayed, active and failed jobs. Answers the board's Fastify plugin and the queues to close with the app.
 */
export function bullBoard(redis: Redis, queuePrefix?: string) {
  const queues = workerQueueNames.map(
    (name) => new Queue(name, { connection: redis, ...(queuePrefix ? { prefix: queuePrefix } : {}) }),
  );
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({ queues: queues.map((queue) => new BullMQAdapter(queue)), serverAdapter });
  return { plugin: serverAdapter.registerPlugin(), queues };
}
