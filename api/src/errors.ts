import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/**
 * A refusal the client can translate. `message` is one of the spec's message keys; `messages`
 * lists every key when there are several (registration shows them all in one modal), and `extra`
 * carries what the client needs to act on it (e.g. the onboarding code of redirect_onboard_register).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { messages?: string[] } & Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface FieldProblem {
  field: string;
  message: string;
}

/** Every invalid body, query or parameter answers 400 with the field and its message key. */
function validationFailed(problems: FieldProblem[]) {
  const messages = [...new Set(problems.map((p) => p.message))];
  return { statusCode: 400, success: false, message: 'validation_failed', messages, errors: problems };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      return reply.code(400).send(
        validationFailed(
          error.validation.map((issue) => ({
            field: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
            message: issue.message ?? 'invalid',
          })),
        ),
      );
    }
    if (error instanceof ZodError) {
      return reply
        .code(400)
        .send(validationFailed(error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))));
    }
    if (error instanceof HttpError) {
      const { messages, ...extra } = error.extra;
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        success: false,
        message: error.message,
        messages: messages ?? [error.message],
        ...extra,
      });
    }
    if (isResponseSerializationError(error)) request.log.error({ issues: error.cause.issues }, 'response schema');
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    const message = status >= 500 ? 'there_was_an_error' : status === 429 ? 'too_many_requests' : error.message;
    return reply.code(status).send({ statusCode: status, success: false, message, messages: [message] });
  });
}
