import { z } from 'zod';

/**
 * What every resource's schemas share: ids, money, and the error answer. Requests and answers
 * of one resource live in `contract/src/<resource>.ts`; the API uses them as its Fastify schemas
 * (request and response), the web app infers its types from them.
 */

/** PostgreSQL's integer (int4): every serial id column. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a JSON body: 1..2^31-1, as a number (no text). */
export const rowIdValue = z.number().int().min(1).max(MAX_ROW_ID);

/** A whole number written in plain decimal digits, perhaps negative (refused by its range, not its form). */
const DECIMAL_INTEGER = /^-?[0-9]+$/;

/**
 * A whole number in a path or a query, or in a body that may send it as text (a form): only
 * decimal digits are read as a number. JavaScript's own reading (`z.coerce`) would take `0x10` for
 * 16, `1e3` for 1000, ` 12 ` for 12 and `''` for 0, so one lot would answer under many paths and a
 * purchase's quantity could be written in ways no client means. Anything else is left as it came,
 * for the number schema to refuse (`invalid_value`, or `field_required` when missing); a number out
 * of range keeps its range's keys (`field_too_short`, `field_too_long`). Described by its number
 * schema in the OpenAPI document, since the text is only the path's or the query's spelling.
 */
export const decimalInteger = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value), schema);

/**
 * A row id in a path or query, or a body that sends it as a number or as text: 1..2^31-1, so a
 * larger number is a 400 at the edge rather than an integer-out-of-range error from PostgreSQL.
 */
export const rowId = decimalInteger(rowIdValue);

/** A list's page in a query: from 1, the first by default. */
export const currentPage = decimalInteger(z.number().int().min(1).max(MAX_ROW_ID)).default(1);

/** A list's page size in a query: one of the sizes its table offers, or `invalid_value`. */
export const pageSizeOf = (sizes: readonly number[], byDefault: number) =>
  decimalInteger(
    z
      .number()
      .int()
      .refine((n) => sizes.includes(n), 'invalid_value'),
  ).default(byDefault);

/** A comma-separated list of allowed values, as a list table's checkbox filter sends it; empty keeps every row. */
export const choices = <T extends string>(allowed: readonly T[]) =>
  z
    .string()
    .max(100)
    .transform((list) => list.split(',').filter(Boolean))
    .refine((values) => values.every((value) => (allowed as readonly string[]).includes(value)), 'invalid_value')
    .transform((values) => values as T[])
    .default([]);

/**
 * The query of a list table paged on the server (spec 001 §5): the page and its size (one the
 * table offers), a sort among the list's own and its way, the search text, then the list's own
 * filters. Unknown fields are refused, so a misspelt filter is a 400, not a silently full list.
 */
export function serverListQuery<const Sort extends string, Filters extends z.ZodRawShape>(list: {
  pageSizes: readonly number[];
  sorts: readonly [Sort, ...Sort[]];
  defaultSort: NoInfer<Sort>;
  filters: Filters;
}) {
  return z.strictObject({
    currentPage,
    pageSize: pageSizeOf(list.pageSizes, 25),
    sort: z.enum(list.sorts).default(list.defaultSort),
    direction: z.enum(['asc', 'desc']).default('asc'),
    q: z.string().trim().max(100).default(''),
    ...list.filters,
  });
}

/** A server list's query as the app sends it: numbers for the page, comma-separated text for the boxes. */
export type ServerListQueryInput<Query extends z.ZodType> = Omit<z.input<Query>, 'currentPage' | 'pageSize'> & {
  currentPage?: number;
  pageSize?: number;
};

/** `/…/:id` */
export const idParams = z.object({ id: rowId });

/** An amount at the edge (DESIGN §2): 2 decimals in `value`, integer cents inside. */
export const money = z.object({ value: z.number(), currencyCode: z.string() });
export type Money = z.infer<typeof money>;

/**
 * Every refusal: `message` is one of the spec's message keys, `messages` every key when there are
 * several; validation failures add the fields, some refusals what the client needs to act on it.
 */
export const errorAnswer = z
  .object({
    statusCode: z.number().int(),
    success: z.literal(false),
    message: z.string(),
    messages: z.array(z.string()).optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .passthrough();
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/**
 * The error answers an operation can give, for its `response` schema: pass the statuses it may
 * answer besides success, e.g. `{ 200: lotAnswer, ...errorAnswers(400, 401, 404, 409) }`. Every
 * operation may also answer 400 (bad input), 429 (a rate limit) and 503 (a service unavailable).
 */
export function errorAnswers<const S extends number>(...statuses: S[]) {
  const all = [...new Set([400, 503, ...statuses])];
  return Object.fromEntries(all.map((status) => [status, errorAnswer])) as Record<S | 400 | 503, typeof errorAnswer>;
}

/**
 * An amount as a reader sees it: the CAD amount, and for a reader who prefers USD the approximate
 * converted amount beside it (docs/donations.md).
 */
export const convertedMoney = money.extend({
  convertedValue: z.number().optional(),
  convertedCurrencyCode: z.literal('USD').optional(),
});
export type ConvertedMoney = z.infer<typeof convertedMoney>;

/** The client's idempotency key in a body or query (DESIGN.md §2); an `Idempotency-Key` header also works. */
export const commandId = z.string().trim().min(8).max(100).optional();

/**
 * A file answered as it is (a PDF, a picture): declared so the OpenAPI document shows the success,
 * never checked, since Fastify sends a Buffer or a stream without serialising it (hence its type).
 */
export const fileAnswer: z.ZodType<unknown> = z.string().meta({ format: 'binary', description: 'The file itself' });

/** A flag in a path or query: `true`/`false` as text, or a JSON boolean. */
export const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The `{ success, message, messages }` of a call that changed something. */
export const successAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  messages: z.array(z.string()),
});
