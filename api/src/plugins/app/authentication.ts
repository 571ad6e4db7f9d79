import fp from 'fastify-plugin';
import { authPlugin } from '../../accounts/auth.ts';
import { rateLimitPlugin } from '../../accounts/rateLimits.ts';
import { secureCookiesFor } from '../../accounts/refreshCookie.ts';

/**
 * Who is calling: access tokens (@fastify/jwt), sessions in refresh-token families, and the
 * account rate limits. Decorates `authenticate`, `identify`, `requireRoles` and the session calls.
 */
export default fp(
  async (app) => {
    await app.register(authPlugin, {
      pool: app.pool,
      db: app.db,
      secureCookies: secureCookiesFor(app.settings.publicUrl),
    });
    await app.register(rateLimitPlugin, { redis: app.redis, namespace: app.settings.rateLimitNamespace });
  },
  { name: 'authentication', dependencies: ['infrastructure', 'rate-limit', 'jwt'] },
);
