import type { FastifyRequest } from 'fastify';

/**
 * The API's own cookies, all alike: httpOnly (no script reads them, a planted one included),
 * SameSite=Strict (no other site's page makes the browser send them), sent only to the one path
 * that reads them, and Secure unless the public address is the developer's own machine.
 */
export interface ApiCookie {
  name: string;
  path: string;
}

/** The Set-Cookie value for `cookie`; a max age of 0 clears it. */
export function apiCookie(cookie: ApiCookie, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${cookie.name}=${value}`,
    `Path=${cookie.path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
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
