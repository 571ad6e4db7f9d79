import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/**
 * A refusal the client can translate. `message` is one of the spec's message keys; `messages`
 * lists every key when there are several (registration shows them all in one modal), and `extra`
 * carries what the client needs to act on it (e.g. the username of email_not_verified).
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

/**
 * What Fastify refuses before any route or error handler, with the API's keys rather than its
 * English sentences: an address whose escapes do not decode (`%E0%A4%A`), 400 `invalid_value` on
 * `url`; a path parameter longer than Fastify reads (100 characters), 414 `field_too_long`;
 * anything else there (an async route constraint, which no route has), 500.
 */
export function frameworkRefusal(error: { code?: string }): { status: number; answer: object } {
  if (error.code === 'FST_ERR_BAD_URL') {
    return { status: 400, answer: validationFailed([{ field: 'url', message: 'invalid_value' }]) };
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return {
      status: 414,
      answer: { ...validationFailed([{ field: 'url', message: 'field_too_long' }]), statusCode: 414 },
    };
  }
  const message = 'there_was_an_error';
  return { status: 500, answer: { statusCode: 500, success: false, message, messages: [message] } };
}

/** Every invalid body, query or parameter answers 400 with the field and its message key. */
function validationFailed(problems: FieldProblem[]) {
  const messages = [...new Set(problems.map((p) => p.message))];
  return { statusCode: 400, success: false, message: 'validation_failed', messages, errors: problems };
}

/**
 * Fastify's own refusals of a body, made before any schema sees it: an empty body declared
 * `application/json` (a script's `curl -H 'Content-Type: application/json' -X POST`), one that
 * is not JSON, and one whose length is not the Content-Length it announced. Fastify words them as
 * English sentences; the client gets message keys instead, as for a field.
 */
const BODY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'field_required',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_value',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_value',
};

/**
 * The other refusals that reach the handler are Fastify's or a plugin's, worded as English
 * sentences (only an HttpError carries a message key): a body over the size limit
 * (FST_ERR_CTP_BODY_TOO_LARGE), a form, multipart or other body no route here reads
 * (FST_ERR_CTP_INVALID_MEDIA_TYPE), a rate limit, a range @fastify/static cannot serve. The client
 * gets the key of the status instead, and `invalid_value` for a status without one of its own.
 */
const REFUSALS_BY_STATUS: Partial<Record<number, string>> = {
  401: 'invalid_token',
  403: 'forbidden',
  404: 'not_found',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** How long a client waits before trying again after a 503. */
const RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL or Redis cannot answer: refused or dropped connections, a server shutting down or
 * starting (57P01-57P03), too many connections (53300), class 08 connection exceptions, pg's
 * pool and connect timeouts, and ioredis giving up on a command.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  if (UNAVAILABLE_MESSAGES.some((m) => error.message.includes(m))) return true;
  if (error instanceof AggregateError) return error.errors.some((e) => isUnavailable(e, depth + 1));
  return error.cause !== undefined && isUnavailable(error.cause, depth + 1);
}

/**
 * PostgreSQL's class 22 (data exception): invalid text representation (22P02), numeric value out
 * of range (22003), a NUL or other character it cannot store (22021, 22P05), a value too long
 * (22001), a bad date (22007, 22008); and a value a column's own rule refuses: a null where one
 * is required (23502), outside a CHECK (23514). A value the edge let through causes these, and the
 * statement changed nothing: 400, never 500.
 */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '23502' || code === '23514');
}

/**
 * PostgreSQL's unique (23505) and foreign key (23503) violations. A check passed and a write
 * then met someone else's change made in between: a name or a link taken, a team removed while a
 * lot was put in it. The statement changed nothing, and reloading shows why: 409, never 500.
 */
export function isConcurrentChange(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === '23503';
}

/** The key of a write that met a concurrent change (isConcurrentChange). */
export const CONCURRENT_CHANGE = 'concurrent_change';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    answerAsJson(reply);
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
    const bodyRefusal = 'code' in error && error.code ? BODY_REFUSALS[error.code] : undefined;
    if (bodyRefusal) return reply.code(400).send(validationFailed([{ field: 'body', message: bodyRefusal }]));
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
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'a service the request needs is unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, success: false, message: 'service_unavailable', messages: ['service_unavailable'] });
    }
    if (isDataException(error)) {
      // The input should have been refused at the edge: logged so the schema gets fixed.
      request.log.warn({ err: error, route: request.routeOptions.url }, 'bad input reached PostgreSQL');
      return reply.code(400).send(validationFailed([{ field: 'request', message: 'invalid_value' }]));
    }
    if (isConcurrentChange(error)) {
      // Logged: each of these is a check-then-write that a lock or a transaction could close.
      request.log.warn({ err: error, route: request.routeOptions.url }, 'a write met a concurrent change');
      return reply
        .code(409)
        .send({ statusCode: 409, success: false, message: CONCURRENT_CHANGE, messages: [CONCURRENT_CHANGE] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    const message = status >= 500 ? 'there_was_an_error' : (REFUSALS_BY_STATUS[status] ?? 'invalid_value');
    return reply.code(status).send({ statusCode: status, success: false, message, messages: [message] });
  });
}

/**
 * Makes the reply send its error answer as JSON. A failure can come after the reply was set up
 * for something else: @fastify/static gives a file's type and encoding to the connection before
 * its stream fails (a file gone from disk under a new deployment), and an answer object under
 * `application/javascript` is not serialised (FST_ERR_REP_INVALID_PAYLOAD_TYPE, a 500). The JSON
 * is sent as it is, so a `br` or `gzip` encoding left from the file would make it unreadable.
 */
function answerAsJson(reply: FastifyReply): FastifyReply {
  // Nor may a cache keep the failure for good under a build file's name, as the file's own
  // headers would have it.
  if (String(reply.getHeader('cache-control') ?? '').includes('immutable')) reply.removeHeader('cache-control');
  return reply
    .removeHeader('etag')
    .removeHeader('last-modified')
    .removeHeader('content-encoding')
    .type('application/json; charset=utf-8');
}
