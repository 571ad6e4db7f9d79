import { Role } from '@auction/contract';
import { type Db, listOutbox, type OutboxMessage } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../errors.ts';

const outboxQuery = z.object({
  /** An email address or a phone number in any usual form; empty means every message. */
  to: z.string().trim().max(320).optional(),
});

const LIMIT = 100;

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

/**
 * Whether the request was made on this machine: its socket comes from a loopback address (never
 * `request.ip`, which a forwarding header may set), no forwarding header says it was relayed, and
 * no proxy is configured in front of the API (behind one, every request may reach us from loopback).
 */
export function fromThisMachine(request: FastifyRequest, trustProxy: false | number | string[]): boolean {
  if (trustProxy !== false && trustProxy !== 0) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.socket.remoteAddress ?? '';
  return /^(::ffff:)?127\./.test(address) || address === '::1';
}

export interface OutboxOptions {
  db: Db;
  trustProxy: false | number | string[];
}

/**
 * What the local SMTP catcher and SMS double received, for a developer running `npm start`
 * without real providers: `GET /outbox` (a page) and `GET /api/dev/outbox` (JSON), the latest
 * 100, optionally only those to one address (`?to=`). Registered only with LOCAL_OUTBOX=true,
 * at the root (the paths are absolute). The messages hold reset links and codes, so they are
 * served only to a request made on this machine (the developer walking a recovery, the load
 * runner) or to an administrator's bearer token; anyone else gets 404, as if there were no page.
 */
export const outboxRoutes: FastifyPluginAsync<OutboxOptions> = async (app, { db, trustProxy }) => {
  const requireAdministrator = app.requireRoles([Role.Administrator]);
  app.addHook('onRequest', async (request, reply) => {
    if (fromThisMachine(request, trustProxy)) return;
    if (!request.headers.authorization) throw new HttpError(404, 'not_found');
    await requireAdministrator(request, reply);
  });

  app.get('/api/dev/outbox', async (request, reply) => {
    const query = outboxQuery.safeParse(request.query);
    if (!query.success) {
      return reply
        .code(400)
        .send({ statusCode: 400, success: false, message: 'validation_failed', messages: ['validation_failed'] });
    }
    return listOutbox(db, { limit: LIMIT, ...(query.data.to ? { to: query.data.to } : {}) });
  });

  app.get('/outbox', async (request, reply) => {
    const query = outboxQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).type('text/plain; charset=utf-8').send('Invalid query');
    const messages = await listOutbox(db, { limit: LIMIT, ...(query.data.to ? { to: query.data.to } : {}) });
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'no-store')
      .send(outboxPage(messages, query.data.to));
  });
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes the text and turns each http(s) address in it into a link. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    // Sentence punctuation right after an address is not part of it.
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function outboxPage(messages: OutboxMessage[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
  <header>
    <span class="channel">${m.channel === 'email' ? 'Email' : 'SMS'}</span>
    <strong>${escapeHtml(m.to)}</strong>
    <time datetime="${escapeHtml(m.receivedAt.toISOString())}">${escapeHtml(m.receivedAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>
  </header>
  <dl>
    <dt>From</dt><dd>${escapeHtml(m.from)}</dd>
    ${m.subject !== null ? `<dt>Subject</dt><dd>${escapeHtml(m.subject)}</dd>` : ''}
    ${m.messageId !== null ? `<dt>Id</dt><dd><code>${escapeHtml(m.messageId)}</code></dd>` : ''}
  </dl>
  <pre>${linkify(m.body)}</pre>
</article>`,
    )
    .join('\n');
  const filter = to ? ` to ${escapeHtml(to)} (<a href="/outbox">all</a>)` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; color: #111; }
  article { border: 1px solid #ccc; border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0; }
  header { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
  .channel { font-size: .8rem; text-transform: uppercase; background: #eef; padding: .1rem .4rem; border-radius: 4px; }
  time { color: #555; margin-left: auto; font-size: .9rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; font-size: .9rem; }
  dt { color: #555; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f7f7f7; padding: .75rem; border-radius: 4px; margin: 0; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Email and SMS caught by the local SMTP catcher and SMS double, newest first (latest ${LIMIT})${filter}. Nothing here left this machine.</p>
${items || '<p>No messages yet.</p>'}
</body>
</html>
`;
}
