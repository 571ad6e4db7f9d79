import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError, registerErrorHandler } from '../../src/errors.ts';
import { bearer, login } from '../accounts/accountFlows.ts';
import { useTestApp } from '../useTestApp.ts';

/**
 * GET /api/brand, asked with this header, finds nothing after its reply was given a script's type
 * and encoding: a not-found that comes late, as when a file the reply was set up for is missing.
 */
const LATE_NOT_FOUND = 'x-test-late-not-found';

function findsNothingLate(route: RouteOptions) {
  const hooks = [route.onRequest ?? []].flat();
  const late = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers[LATE_NOT_FOUND]) return;
    reply.type('application/javascript').header('content-encoding', 'br');
    reply.callNotFound();
    return reply;
  };
  route.onRequest = [...hooks, late] as RouteOptions['onRequest'];
}

const test = useTestApp({
  app: {
    onRoute: (route) => {
      if (route.url === '/api/brand') findsNothingLate(route as RouteOptions);
    },
  },
});

const refusal = (statusCode: number, message: string) => ({
  statusCode,
  success: false,
  message,
  messages: [message],
});

function poll(headers: Record<string, string>, payload: string) {
  return test.app.inject({ method: 'POST', url: '/api/hub/poll', headers, payload });
}

describe("Fastify's own refusals of a request", () => {
  it('answers a body over the size limit with request_too_large', async () => {
    const body = JSON.stringify({ subscriptions: [{ auctionId: test.galaId }], padding: 'x'.repeat(1_100_000) });
    const response = await poll({ 'content-type': 'application/json' }, body);
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(refusal(413, 'request_too_large'));
  });

  it('answers a form or multipart body, which the API does not read, with unsupported_media_type', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/csv']) {
      const response = await poll({ 'content-type': contentType }, 'auctionId=1');
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json(), contentType).toEqual(refusal(415, 'unsupported_media_type'));
    }
  });

  it('answers a body that is not as long as its Content-Length said with invalid_value', async () => {
    const body = JSON.stringify({ subscriptions: [{ auctionId: test.galaId }] });
    const response = await poll(
      { 'content-type': 'application/json', 'content-length': String(body.length + 10) },
      body,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'validation_failed', messages: ['invalid_value'] });
  });
});

describe('an error answer after the reply was set up for a file', () => {
  it('is JSON with its own status, without the encoding the file would have had', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    // As @fastify/static sends a precompressed script: its type and encoding first, then a stream
    // that fails (the file gone from disk, or refused).
    const script = (reply: FastifyReply, file: Readable) =>
      reply.type('application/javascript').header('content-encoding', 'br').send(file);
    app.get('/assets/gone.js', (_request, reply) =>
      script(reply, createReadStream(join(tmpdir(), `gone-${randomUUID()}.js.br`))),
    );
    app.get('/assets/refused.js', (_request, reply) =>
      script(
        reply,
        new Readable({
          read() {
            this.destroy(new HttpError(404, 'not_found'));
          },
        }),
      ),
    );
    for (const [url, status, message] of [
      ['/assets/gone.js', 500, 'there_was_an_error'],
      ['/assets/refused.js', 404, 'not_found'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.json(), url).toEqual(refusal(status, message));
    }
    await app.close();
  });

  it('is a JSON not_found when nothing is found after a type and an encoding were set', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/brand', headers: { [LATE_NOT_FOUND]: '1' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(refusal(404, 'not_found'));
    // The route itself still answers.
    expect((await test.app.inject({ method: 'GET', url: '/api/brand' })).statusCode).toBe(200);
  });
});

describe('an address that does not decode', () => {
  it("is refused with the API's key, in JSON, not with a sentence in English", async () => {
    for (const url of ['/api/auction-lot-items/%E0%A4%A', '/encans/%ZZ/lots', '/api/brand?x=%']) {
      const response = await test.app.inject({ method: 'GET', url });
      if (url.includes('?')) {
        // A query's bad escape is the query parser's to keep as it came: the route still answers.
        expect(response.statusCode, url).toBe(200);
        continue;
      }
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(response.json(), url).toEqual({
        statusCode: 400,
        success: false,
        message: 'validation_failed',
        messages: ['invalid_value'],
        errors: [{ field: 'url', message: 'invalid_value' }],
      });
    }
  });
});

describe('a path parameter longer than Fastify reads', () => {
  it("is 414 with the API's key, in JSON", async () => {
    const response = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/${'1'.repeat(150)}` });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      statusCode: 414,
      success: false,
      message: 'validation_failed',
      messages: ['field_too_long'],
      errors: [{ field: 'url', message: 'field_too_long' }],
    });
  });
});

describe('a row id in a path', () => {
  const lotAt = (id: string) => test.app.inject({ method: 'GET', url: `/api/auction-lot-items/${id}` });
  const fieldMessages = (response: Awaited<ReturnType<typeof lotAt>>) =>
    (response.json().errors as Array<{ field: string; message: string }>).map((e) => `${e.field} ${e.message}`);

  it('is read only from decimal digits: hexadecimal, exponents, signs and spaces are refused', async () => {
    const lotId = await test.firstLotId(test.galaId);
    expect((await lotAt(String(lotId))).statusCode).toBe(200);
    // Leading zeros are still decimal digits: the same lot.
    const padded = await lotAt(`00${lotId}`);
    expect(padded.statusCode).toBe(200);
    expect(padded.json().id).toBe(lotId);
    for (const id of ['abc', '0x10', '1e3', '+5', '%205', '5%20', '1.0', '0b1', 'Infinity']) {
      const response = await lotAt(id);
      expect(response.statusCode, id).toBe(400);
      expect(fieldMessages(response), id).toEqual(['params.id invalid_value']);
    }
  });

  it('keeps the keys of its range for a number out of it', async () => {
    for (const [id, key] of [
      ['0', 'field_too_short'],
      ['-1', 'field_too_short'],
      ['2147483648', 'field_too_long'],
    ] as const) {
      const response = await lotAt(id);
      expect(response.statusCode, id).toBe(400);
      expect(fieldMessages(response), id).toEqual([`params.id ${key}`]);
    }
  });
});

describe('a number or a yes/no in a query or a body', () => {
  const lots = (query: string) =>
    test.app.inject({ method: 'GET', url: `/api/auction-lot-items?urlMagicLink=demo-gala&${query}` });
  const fieldMessages = (response: Awaited<ReturnType<typeof lots>>) =>
    (response.json().errors as Array<{ field: string; message: string }>).map((e) => `${e.field} ${e.message}`);

  it('is read only from decimal digits in a page and its size', async () => {
    expect((await lots('currentPage=1&pageSize=25')).statusCode).toBe(200);
    for (const [query, field] of [
      ['currentPage=0x1', 'querystring.currentPage'],
      ['currentPage=1e0', 'querystring.currentPage'],
      ['currentPage=', 'querystring.currentPage'],
      ['pageSize=2.5e1', 'querystring.pageSize'],
      ['pageSize=%2025', 'querystring.pageSize'],
    ] as const) {
      const response = await lots(query);
      expect(response.statusCode, query).toBe(400);
      expect(fieldMessages(response), query).toEqual([`${field} invalid_value`]);
    }
  });

  it('reads useOr=false as false: two lot numbers asked together match no lot', async () => {
    const filter = (index: number, lotNumber: number, useOr: string) =>
      `filters[${index}].fieldName=lotNumber&filters[${index}].fieldValue=${lotNumber}&filters[${index}].useOr=${useOr}`;
    const both = await lots(`${filter(0, 1, 'false')}&${filter(1, 2, 'false')}`);
    expect(both.statusCode).toBe(200);
    expect(both.json().count).toBe(0);
    const either = await lots(`${filter(0, 1, 'true')}&${filter(1, 2, 'true')}`);
    expect(either.json().count).toBe(2);
    const unclear = await lots(filter(0, 1, '0'));
    expect(unclear.statusCode).toBe(400);
  });

  it("refuses a purchase's quantity written other than in decimal digits, and buys nothing", async () => {
    const session = await login(test.app, 'bidder@demo.local', 'Demo-Bidder-2026!');
    const lotId = await test.firstLotId(test.galaId);
    for (const quantity of ['1e0', '0x1', '', ' 1', true]) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/bids/auctionlotitem/${lotId}/buy`,
        headers: bearer(session.body.token),
        payload: { quantity, commandId: randomUUID() },
      });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(fieldMessages(response), String(quantity)).toEqual(['body.quantity invalid_value']);
    }
  });
});
