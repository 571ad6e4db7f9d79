import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../accounts/accountFlows.ts';
import { startTestApp, type TestApp } from '../testApp.ts';

/**
 * Every operation of the OpenAPI document, called with generated requests (path parameters
 * including huge, negative and NUL-laden values, query strings, bodies from the operation's schema
 * with junk mixed in), anonymously and as the administrator. No answer may be a 5xx, and after a
 * 4xx the database must be as it was: a row trigger on every source table records each insert,
 * update and delete, so a refused request that wrote anything is caught with the table it wrote.
 *
 * Seeded: FUZZ_SEED=<n> replays a run (the seed is printed with any failure), FUZZ_SEED=random
 * explores; FUZZ_RUNS sets the requests per operation and identity.
 */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

/**
 * Tables a refused request may legitimately write, or that others write on their own time:
 * - command_keys: a refused command's outcome is kept under its idempotency key (answered again on retry);
 * - message_deliveries, outbox_messages: the message worker's records;
 * - the read models and their checkpoint: the projections apply events asynchronously;
 * - hub_announcements, auction_lifecycle: the workers' schedule.
 */
const NOT_WATCHED = new Set([
  'command_keys',
  'message_deliveries',
  'outbox_messages',
  'subscription_checkpoints',
  'lot_views',
  'lot_bids',
  'lot_max_bids',
  'lot_purchases',
  'donations',
  'invoice_lines',
  'hub_announcements',
  'auction_lifecycle',
  'fuzz_changes',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** Calls whose success ends the administrator's session: the rest of the run would be anonymous. */
const SESSION_ENDING = /logout|password|revoke|tokens?\/refresh|refresh-token|disable|delete-account/i;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
};

const HUGE_IDS = ['2147483648', '2147483647', '99999999999999999999', '-1', '0', '-2147483649', '1e309', '1.5'];
const TRICKY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '',
  ' ',
  '%',
  '..',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  'demo-gala',
  'demo-printemps',
  '00000000-0000-4000-8000-000000000000',
  '\uD800',
  'é'.repeat(300),
  'x'.repeat(5000),
];

function junk(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1.5, Number.MAX_VALUE, '', [], {}),
    fc.constantFrom(...TRICKY_STRINGS),
    fc.string({ maxLength: 12 }),
    fc.integer(),
  );
}

function numberArb(schema: Schema, integer: boolean): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
  const lo = Math.max(Math.min(min, max), -(2 ** 40));
  const hi = Math.min(Math.max(min, max), 2 ** 40);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(Math.max(lo, -(2 ** 31))), max: Math.floor(Math.min(hi, 2 ** 31)) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(2 ** 31, 2 ** 31 - 1, -1, 0, 2 ** 53 + 2, 1e20, 0.001) },
  );
}

function stringArb(schema: Schema): fc.Arbitrary<unknown> {
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  let valid: fc.Arbitrary<string>;
  switch (schema.format) {
    case 'email':
      valid = fc.emailAddress();
      break;
    case 'uuid':
      valid = fc.uuid();
      break;
    case 'date-time':
      valid = fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
      break;
    case 'uri':
      valid = fc.webUrl();
      break;
    default:
      valid = fc.string({ minLength, maxLength });
  }
  return fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...TRICKY_STRINGS) });
}

/** A value the schema describes, now and then replaced with junk (depth-bounded). */
function valueArb(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk();
  const valid = validArb(schema, depth);
  // Junk now and then at any depth; rare enough that most bodies reach the handler.
  return fc.oneof({ weight: 15, arbitrary: valid }, { weight: 1, arbitrary: junk() });
}

function validArb(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueArb(s, depth + 1)));
  if (schema.allOf?.length) return valueArb(schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueArb(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return objectArb(schema, depth);
    default:
      return schema.properties ? objectArb(schema, depth) : junk();
  }
}

function objectArb(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valueArb(s, depth + 1)]));
  const required = (schema.required ?? []).filter((key) => key in model);
  const record = fc.record(model, { requiredKeys: required });
  return fc.oneof(
    { weight: 6, arbitrary: record },
    // A field the schema does not name, and an object missing a required one.
    { weight: 1, arbitrary: record.map((value) => ({ ...(value as object), unexpected: 'x' })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

function pathValueArb(schema: Schema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: valueArb(schema).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...HUGE_IDS) },
    { weight: 1, arbitrary: fc.constantFrom(...TRICKY_STRINGS.filter((s) => s !== '')) },
  );
}

/** A path segment as a client would send it; a lone surrogate goes as its (invalid) UTF-8 bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

interface GeneratedRequest {
  url: string;
  payload: unknown;
  asAdministrator: boolean;
}

function requestArb(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const path = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValueArb(p.schema)])));
  const query = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, pathValueArb(p.schema)])), {
    requiredKeys: [],
  });
  const body = operation.body ? valueArb(operation.body) : fc.constantFrom<unknown>(undefined, undefined, {}, 'x');
  return fc
    .record({ path, query, body, asAdministrator: fc.boolean() })
    .map(({ path, query, body, asAdministrator }) => {
      const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(path[name] ?? '1'));
      const search = new URLSearchParams(query as Record<string, string>).toString();
      return { url: search ? `${url}?${search}` : url, payload: body, asAdministrator };
    });
}

let test: TestApp;
let administrator: Record<string, string>;
let operations: Operation[];

beforeAll(async () => {
  test = await startTestApp();
  administrator = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);
  await test.app.ready();
  const document = test.app.swagger() as {
    paths: Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      })),
  );
  await watchWrites();
}, 120_000);
afterAll(async () => {
  await test?.close();
});

/** A row trigger on every watched table notes each write in fuzz_changes. */
async function watchWrites(): Promise<void> {
  const db = test.database.db;
  await sql`CREATE TABLE fuzz_changes (table_name text NOT NULL, operation text NOT NULL)`.execute(db);
  await sql`CREATE FUNCTION fuzz_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO fuzz_changes VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`.execute(db);
  const { rows } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db);
  for (const { name } of rows) {
    if (NOT_WATCHED.has(name)) continue;
    await sql`CREATE TRIGGER fuzz_note AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(name)}
      FOR EACH ROW EXECUTE FUNCTION fuzz_note()`.execute(db);
  }
}

async function takeWrites(): Promise<string[]> {
  const { rows } = await sql<{ table_name: string; operation: string; n: number }>`
    WITH taken AS (DELETE FROM fuzz_changes RETURNING table_name, operation)
    SELECT table_name, operation, count(*)::int AS n FROM taken GROUP BY 1, 2 ORDER BY 1, 2`.execute(test.database.db);
  return rows.map((r) => `${r.operation} ${r.table_name} ×${r.n}`);
}

describe('fuzz of every operation in the OpenAPI document', () => {
  it('sees a write to a watched table', async () => {
    await takeWrites();
    await test.database.db.insertInto('sms_opt_outs').values({ phone_number: '5145550999' }).execute();
    await test.database.db.deleteFrom('sms_opt_outs').where('phone_number', '=', '5145550999').execute();
    expect(await takeWrites()).toEqual(['DELETE sms_opt_outs ×1', 'INSERT sms_opt_outs ×1']);
  });

  it('answers no 5xx, and a 4xx changes nothing', async () => {
    const skipped = (op: Operation) =>
      op.path.startsWith('/api/docs') || (op.method === 'GET' && op.path === '/api/hub');
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<number, number> = {};
    for (const operation of operations.filter((op) => !skipped(op))) {
      const name = `${operation.method} ${operation.path}`;
      try {
        await fc.assert(
          fc.asyncProperty(requestArb(operation), async (request) => {
            const headers = request.asAdministrator && !SESSION_ENDING.test(operation.path) ? administrator : {};
            await takeWrites();
            test.logs.splice(0);
            const response = await test.app.inject({
              method: operation.method as 'GET',
              url: request.url,
              headers,
              ...(request.payload === undefined ? {} : { payload: request.payload as object }),
            });
            requests++;
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            const what = `${name}: ${operation.method} ${request.url} ${JSON.stringify(request.payload)?.slice(0, 300)} as ${request.asAdministrator ? 'administrator' : 'anonymous'}`;
            // The error handler's guard turned a PostgreSQL data exception into a 400: the
            // schema should have refused the input first.
            const reached = test.logs.splice(0).filter((line) => line.includes('bad input reached PostgreSQL'));
            if (reached.length) {
              throw new Error(
                `${response.statusCode} only after PostgreSQL refused it: ${reached[0]?.slice(0, 300)} ← ${what}`,
              );
            }
            if (response.statusCode >= 500) {
              throw new Error(`${response.statusCode} ${response.body.slice(0, 300)} ← ${what}`);
            }
            if (response.statusCode >= 400) {
              const writes = await takeWrites();
              if (writes.length) {
                throw new Error(
                  `${response.statusCode} ${response.body.slice(0, 200)} but wrote ${writes.join(', ')} ← ${what}`,
                );
              }
            } else {
              // What the request committed is projected before the next one is judged.
              await test.projections.caughtUp();
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true, includeErrorInReport: true },
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const cause = /Got error: ([\s\S]*?)(\n\n|$)/.exec(message)?.[1] ?? message.split('\n').slice(0, 6).join(' ');
        failures.push(`${name} — ${cause.slice(0, 900)}`);
      }
    }
    console.log(
      `fuzz: ${operations.length} operations, ${requests} requests, seed ${SEED}; statuses ${JSON.stringify(statuses)}`,
    );
    expect(requests).toBeGreaterThan(operations.length);
    expect(failures, `FUZZ_SEED=${SEED} reproduces:\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);
});
