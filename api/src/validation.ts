import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from './errors.ts';

/**
 * Zod's messages become message keys the client translates (spec 000 §5): a missing or empty
 * field is `field_required`, a bad email `email_invalid`, and so on. Schemas that need a more
 * specific key name it themselves.
 */
export function configureValidationMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'field_required';
      if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return 'field_required';
      if (issue.code === 'invalid_format' && issue.format === 'email') return 'email_invalid';
      if (issue.code === 'invalid_format' && issue.format === 'url') return 'valid_url';
      if (issue.code === 'too_big') return 'field_too_long';
      if (issue.code === 'too_small') return 'field_too_short';
      if (issue.code === 'invalid_value' || issue.code === 'invalid_union') return 'invalid_value';
      if (issue.code === 'unrecognized_keys') return 'unknown_field';
      return 'invalid_value';
    },
  });
}

/** The account forms' fields are the contract's: the web app validates with the same schemas. */
export { email, language, passwordText, phone, text } from '@auction/contract';

export const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export { MAX_ROW_ID, rowId, rowIdValue } from '@auction/contract';

/**
 * A PATCH body must name a field to change: `{}` (or only a commandId) is refused with
 * `field_required`, as a form sent with nothing filled in would be.
 */
export function someField<T extends z.ZodObject>(schema: T, ignored: readonly string[] = ['commandId']): T {
  return schema.refine(
    (body: Record<string, unknown>) =>
      Object.entries(body).some(([key, value]) => value !== undefined && !ignored.includes(key)),
    { message: 'field_required' },
  ) as T;
}

/** Text PostgreSQL cannot store: a NUL (U+0000), or a lone surrogate (no UTF-8 for it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Whether a string, or any string (or key) inside an object or array, is text PostgreSQL cannot store. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => unstorable(key) || holdsUnstorableText(item, depth + 1));
}

/**
 * PostgreSQL stores no NUL (nor a lone surrogate) in text: one in a path or query parameter or
 * anywhere in a body is refused (400 invalid_value) before any handler, for every route, with or
 * without a schema.
 */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where = (['params', 'query', 'body'] as const).find((part) => holdsUnstorableText(request[part]));
    if (where) {
      throw new HttpError(400, 'validation_failed', {
        messages: ['invalid_value'],
        errors: [{ field: where === 'query' ? 'querystring' : where, message: 'invalid_value' }],
      });
    }
  });
}
