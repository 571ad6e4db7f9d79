import type { FastifyRequest } from 'fastify';

/**
 * Codes, tokens and identities travel in some paths and queries (spec 000 §7); they must never
 * reach the logs. The request serializer logs the URL with those parts replaced.
 */
const SECRET_PATHS: RegExp[] = [
  /(\/verify-code-password-recovery\/)[^/?]+\/[^/?]+/i,
  /(\/validate-phone-number\/)[^/?]+/i,
  /(\/by-code\/)[^/?]+/i,
  /(\/masked-email-for-recovery\/)[^/?]+/i,
];
const SECRET_QUERY = /([?&](?:token|access_token|identity|uniqueCode|code|phoneNumber|username)=)[^&]*/gi;

export function redactUrl(url: string): string {
  let result = url;
  for (const pattern of SECRET_PATHS) result = result.replace(pattern, '$1[redacted]');
  return result.replace(SECRET_QUERY, '$1[redacted]');
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});
