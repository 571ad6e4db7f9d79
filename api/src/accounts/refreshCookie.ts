import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The refresh token travels only in this cookie: httpOnly (no script reads it, a planted one
 * included), SameSite=Strict (no other site's page makes the browser send it), Secure unless the
 * public address is the developer's own machine, and sent only to the refresh path, where the
 * token is rotated (POST) or its family revoked (DELETE: logging out).
 */
export const REFRESH_COOKIE = 'auction_refresh';
export const REFRESH_COOKIE_PATH = '/api/account/refresh';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Browsers keep a Secure cookie only from https (and localhost): plain http elsewhere would lose the session. */
export function secureCookiesFor(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' || !LOCAL_HOSTS.has(url.hostname);
}

export function refreshCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setRefreshCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  reply.header('set-cookie', refreshCookie(value, maxAgeSeconds, secure));
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', refreshCookie('', 0, secure));
}

/** The refresh cookie's value, or undefined. */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return readCookie(request, REFRESH_COOKIE);
}

/** A cookie's value by name, or undefined; other cookies and malformed pairs are ignored. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    if (pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
