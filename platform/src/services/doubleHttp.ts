import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the local doubles of outside services (Stripe, Twilio, S3, a push service) share as plain
 * node:http servers: reading a request's body and answering JSON.
 */

/** The request's whole body; refused past `limit` bytes when one is given. */
export function readBody(request: IncomingMessage, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The request's body as UTF-8 text (forms, JSON). */
export const readText = async (request: IncomingMessage): Promise<string> => (await readBody(request)).toString('utf8');

/** A JSON answer. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
