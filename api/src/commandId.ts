import { randomUUID } from 'node:crypto';
import { scopedCommandId } from '@auction/engine';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The client's idempotency key: a body or query `commandId`, or an `Idempotency-Key` header (DESIGN.md §2). */
export const commandId = z.string().trim().min(8).max(100).optional();

/** The key as the client gave it, or null when it gave none. */
export function clientCommandIdOf(request: FastifyRequest, given?: string): string | null {
  const header = request.headers['idempotency-key'];
  return given ?? (typeof header === 'string' && header.length >= 8 ? header.slice(0, 100) : null);
}

/**
 * The engine's command id: the client's key scoped to the signed-in user (DESIGN.md §7), so a key
 * seen in someone else's traffic or reused by another user is a different command, never a retry
 * of theirs. Call it once the request is authenticated. Without a key the server makes one up, and
 * the call is then not safe to retry.
 */
export function commandIdOf(request: FastifyRequest, given?: string): string {
  const key = clientCommandIdOf(request, given);
  return key === null ? randomUUID() : scopedCommandId(request.account?.id ?? 'anonymous', key);
}
