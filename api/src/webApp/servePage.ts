import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auctionPageOf, firstPictures, firstScreenMarkup, pageWithFirstData, type ShellText } from './firstScreen.ts';
import { inlineStylesheets } from './inlineStylesheets.ts';
import { startAfterFirstPaint } from './startAfterFirstPaint.ts';

/**
 * Answers a page of the single-page app: index.html, with an auction page's first answers in it
 * (firstScreen.ts). The answers are the API's own for an anonymous caller in the page's language,
 * asked in-process; one that is not 200 (a private auction, an unknown lot) is left out and the
 * app asks for it as before.
 */
export function pageServer(app: FastifyInstance) {
  let template: Promise<string> | undefined;
  // The lot page's route chunks, listed by the web build (web/scripts/preloadFirstScreen.ts).
  let screens: Promise<{ lotDetail?: string[]; text?: Record<'en' | 'fr', ShellText> }> | undefined;
  const answer = async (url: string, locale: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': locale } });
    return response.statusCode === 200 ? (response.json() as unknown) : undefined;
  };

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const page = auctionPageOf(request.url.split('?')[0] ?? '/');
    if (!page) return reply.sendFile('index.html');
    template ??= readFile(resolve(app.settings.webDist, 'index.html'), 'utf8')
      .then((html) => inlineStylesheets(html, (path) => readFile(resolve(app.settings.webDist, `.${path}`), 'utf8')))
      .then(startAfterFirstPaint);
    screens ??= readFile(resolve(app.settings.webDist, 'first-screens.json'), 'utf8').then(JSON.parse, () => ({}));
    const link = encodeURIComponent(page.urlMagicLink);
    const [html, chunks, auction, lot] = await Promise.all([
      template,
      screens,
      answer(`/api/auctions/url-magic-link?urlMagicLink=${link}`, page.locale),
      page.lotId === null ? undefined : answer(`/api/auction-lot-items/${page.lotId}`, page.locale),
    ]);
    const body = pageWithFirstData(
      html,
      page.locale,
      { auction, lot, at: Date.now() },
      {
        shell: firstScreenMarkup(page, auction, lot, chunks.text?.[page.locale]),
        pictures: firstPictures(page, auction, lot),
        ...(page.lotId === null ? {} : { modules: chunks.lotDetail ?? [] }),
      },
    );
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzipSync(body));
    }
    return reply.send(body);
  };
}
