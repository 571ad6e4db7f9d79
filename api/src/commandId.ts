import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The client's idempotency key: a body or query `commandId`, or an `Idempotency-Key` header (DESIGN.md §2). */
export const commandId = z.string().trim().min(8).max(100).optional();

export function commandIdOf(request: FastifyRequest, given?: string): string {
  const header = request.headers['idempotency-key'];
  return given ?? (typeof header === 'string' && header.length >= 8 ? header.slice(0, 100) : randomUUID());
}
