import { randomUUID } from 'node:crypto';
import { scopedCommandId } from '@auction/engine';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uniqueViolation } from './accounts/userRepository.ts';
import { HttpError } from './errors.ts';

/** The client's idempotency key: a body or query `commandId`, or an `Idempotency-Key` header (DESIGN.md §2). */
export const commandId = z.string().trim().min(8).max(100).optional();

/** Where a refusal of the header names it, beside the body's `body.commandId`. */
const HEADER_FIELD = 'headers.idempotency-key';

const refused = (message: string) =>
  new HttpError(400, 'validation_failed', { messages: [message], errors: [{ field: HEADER_FIELD, message }] });

/**
 * The `Idempotency-Key` header, read by the body's rule: a key of 8 to 100 characters after trim,
 * else the same refusal the body's `commandId` gets. Never cut nor ignored: cut, two distinct keys
 * could share their first 100 characters and a new command be answered as the other's retry;
 * ignored, a client's retries would each be a new command.
 */
function headerKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = commandId.safeParse(typeof header === 'string' ? header : null);
  if (!key.success) throw refused(key.error.issues[0]?.message ?? 'invalid_value');
  return key.data ?? null;
}

/**
 * The key as the client gave it, or null when it gave none. A key given both in the body (or
 * query) and in the header must be the same one: which of two would name the command is a guess.
 */
export function clientCommandIdOf(request: FastifyRequest, given?: string): string | null {
  const header = headerKeyOf(request);
  if (given !== undefined && header !== null && header !== given) throw refused('invalid_value');
  return given ?? header;
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

/**
 * A transaction's failure mapped for commands whose key a unique index scopes to its sender: the
 * same user's key sent at once with another request, recorded first by that other request, is
 * 422 `idempotency_key_reused` (never a 500); anything else is rethrown.
 */
export function keyReusedOn(...indexes: string[]): (error: unknown) => never {
  return (error) => {
    if (indexes.includes(uniqueViolation(error) ?? '')) throw new HttpError(422, 'idempotency_key_reused');
    throw error;
  };
}
