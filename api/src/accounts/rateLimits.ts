import type { FastifyRequest } from 'fastify';

/**
 * Limits on the calls an attacker would repeat (docs/accounts.md): per client address and per
 * target (the account or number tried), so one noisy client cannot lock everyone else out.
 */
function target(request: FastifyRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const value = body.username ?? body.value ?? body.email ?? params.username ?? params.phone ?? '';
  return String(value).trim().toLowerCase();
}

const keyed = (request: FastifyRequest) => `${request.ip}|${target(request)}`;

export const RATE_LIMITS = {
  login: { max: 10, timeWindow: 60_000, keyGenerator: keyed },
  recovery: { max: 5, timeWindow: 15 * 60_000, keyGenerator: keyed },
  codeCheck: { max: 10, timeWindow: 10 * 60_000, keyGenerator: keyed },
  lookup: { max: 60, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.ip },
} as const;
