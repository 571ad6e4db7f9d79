import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiCookie, readCookie } from './cookies.ts';

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
  return apiCookie({ name: REFRESH_COOKIE, path: REFRESH_COOKIE_PATH }, value, maxAgeSeconds, secure);
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
