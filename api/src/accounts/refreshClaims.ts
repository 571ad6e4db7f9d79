import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from './auth.ts';
import { readRefreshCookie } from './refreshCookie.ts';

export type RefreshClaims = TokenClaims & { fam: string; jti: string };

/** Read once per request: the refresh limits key on the family before the route rotates it. */
const verified = new WeakMap<FastifyRequest, RefreshClaims | null>();

/**
 * The refresh cookie's verified claims, or null: no cookie, bad signature, expired, not a refresh
 * token. Only the signature is checked here; whether the family still lives is the rotation's call.
 */
export function refreshClaimsOf(request: FastifyRequest): RefreshClaims | null {
  if (verified.has(request)) return verified.get(request) ?? null;
  let claims: RefreshClaims | null = null;
  const cookie = readRefreshCookie(request);
  if (cookie) {
    try {
      const read = request.server.jwt.verify<TokenClaims>(cookie);
      if (read.typ === 'refresh' && read.fam && read.jti) claims = { ...read, fam: read.fam, jti: read.jti };
    } catch {
      claims = null;
    }
  }
  verified.set(request, claims);
  return claims;
}
