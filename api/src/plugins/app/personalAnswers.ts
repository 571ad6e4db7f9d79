import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route sets the caching headers of its answers itself (`markPersonalAnswer`), so the
     * personal answers' hook skips it: the bid commands' hot path, which skips compression too.
     */
    ownCaching?: boolean;
  }
}

/** What an answer for one signed-in user is: kept by nobody, not even the browser's disk cache. */
export const PERSONAL_ANSWER = 'private, no-store';

/** Adds `Authorization` to the reply's Vary, keeping what another hook (compression) put there. */
function varyByAuthorization(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  const names = vary.split(',').map((name) => name.trim().toLowerCase());
  if (names.includes('authorization') || names.includes('*')) return;
  reply.header('vary', vary.trim() === '' ? 'Authorization' : `${vary}, Authorization`);
}

/**
 * The hook's headers, for an uncompressed API route declaring `ownCaching`: set as the request
 * comes in, so its every answer carries them, a refusal before the handler included. Nothing
 * else sets Vary on such a route, so there is none to keep.
 */
export function markPersonalAnswer(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header('vary', 'Authorization');
  if (request.headers.authorization !== undefined) reply.header('cache-control', PERSONAL_ANSWER);
  done();
}

/**
 * An answer to a request carrying an access token is that user's (a profile, an invoice with its
 * address and card digits, a lot page with their maximum): `Cache-Control: private, no-store`, so
 * a misconfigured CDN or proxy, or a shared computer's browser (the door's check-in tablet), keeps
 * none of it. A route that sets its own Cache-Control (an invoice PDF, an immutable photo) keeps
 * it. Every API answer also varies by Authorization, since the routes that identify an optional
 * caller answer differently to each (private auctions listed, favourites, the user's banner).
 * A route declaring `ownCaching` sets both itself (`markPersonalAnswer`) and is skipped.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.config.ownCaching) return payload;
      if (request.url.startsWith('/api/')) varyByAuthorization(reply);
      if (request.headers.authorization !== undefined && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', PERSONAL_ANSWER);
      }
      return payload;
    });
  },
  { name: 'personal-answers' },
);
