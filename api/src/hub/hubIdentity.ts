import type { FastifyInstance } from 'fastify';

export type Identity = { userId: string | null; invalidToken: boolean };

/**
 * Browsers cannot set headers on a WebSocket, so the access token comes as `?access_token=`.
 * Watching needs no account: a missing token is an anonymous client, and so is a bad or expired
 * one (told `invalid_token`, so it can refresh and reconnect when it wants its own messages).
 * Without @fastify/jwt on the app, tokens are ignored.
 */
export function identify(app: FastifyInstance, token: string | undefined): Identity {
  if (!token || !app.hasDecorator('jwt')) return { userId: null, invalidToken: false };
  try {
    const claims = app.jwt.verify<{ sub?: unknown; typ?: unknown }>(token);
    if (typeof claims.sub !== 'string' || claims.typ !== 'access') return { userId: null, invalidToken: true };
    return { userId: claims.sub, invalidToken: false };
  } catch {
    return { userId: null, invalidToken: true };
  }
}

export function accessTokenOf(query: unknown): string | undefined {
  const token = (query as { access_token?: unknown } | undefined)?.access_token;
  return typeof token === 'string' ? token : undefined;
}

/** The request log line of a hub connection, without its token. */
export const redactAccessToken = (url: string): string => url.replace(/([?&]access_token=)[^&]*/gi, '$1[redacted]');
