import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** A refusal the client can translate: `message` is always one of the spec's message keys. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof ZodError) {
      return reply.code(400).send({
        statusCode: 400,
        message: 'validation_failed',
        errors: error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      });
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send({ statusCode: error.statusCode, message: error.message, details: error.details });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    return reply
      .code(status)
      .send({ statusCode: status, message: status >= 500 ? 'there_was_an_error' : error.message });
  });
}
