import type { FastifyInstance } from 'fastify';

export type Identity = { userId: string | null; invalidToken: boolean };

/** Whether a token's version is still the user's (a password or username change bumps it). */
export type TokenVersionCheck = (userId: string, version: number) => Promise<boolean>;

/**
 * Browsers cannot set headers on a WebSocket, so the access token comes as `?access_token=`.
 * Watching needs no account: a missing token is an anonymous client, and so is a bad or expired
 * one (told `invalid_token`, so it can refresh and reconnect when it wants its own messages).
 * Without @fastify/jwt on the app, tokens are ignored.
 */
export async function identify(
  app: FastifyInstance,
  token: string | undefined,
  isCurrent?: TokenVersionCheck,
): Promise<Identity> {
  if (!token || !app.hasDecorator('jwt')) return { userId: null, invalidToken: false };
  let claims: { sub?: unknown; typ?: unknown; ver?: unknown };
  try {
    claims = app.jwt.verify<typeof claims>(token);
  } catch {
    return { userId: null, invalidToken: true };
  }
  if (typeof claims.sub !== 'string' || claims.typ !== 'access') return { userId: null, invalidToken: true };
  // A token issued before the user's last password or username change is refused here as on HTTP.
  // When the check itself fails (the database is away), the client still watches, anonymously.
  const current = isCurrent
    ? await isCurrent(claims.sub, typeof claims.ver === 'number' ? claims.ver : -1).catch(() => false)
    : true;
  if (!current) return { userId: null, invalidToken: true };
  return { userId: claims.sub, invalidToken: false };
}

export function accessTokenOf(query: unknown): string | undefined {
  const token = (query as { access_token?: unknown } | undefined)?.access_token;
  return typeof token === 'string' ? token : undefined;
}

/** The request log line of a hub connection, without its token. */
export const redactAccessToken = (url: string): string => url.replace(/([?&]access_token=)[^&]*/gi, '$1[redacted]');
