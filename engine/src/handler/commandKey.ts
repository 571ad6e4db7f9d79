import { createHash } from 'node:crypto';

/** The answer to a key already used for another request (Stripe's 422). It records nothing. */
export const KEY_REUSED = 'idempotency_key_reused';

/** The answer to a command made on a stream version that is no longer the head. It records nothing. */
export const STREAM_MOVED = 'stream_moved';

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 27);

/**
 * The server's command id of a user's command: the client's idempotency key scoped to the user, so
 * two users' keys never meet, and hashed, so the id (and the bid ids made from it, which the
 * public bid history shows) reveals neither the client's key nor anything to replay it with.
 * 27 base64url characters: 162 bits, no `#` (bid ids are `<commandId>#<n>`) and no `:`.
 */
export function scopedCommandId(userId: string, clientCommandId: string): string {
  return digest(`user\n${userId}\n${clientCommandId}`);
}

/** JSON with object keys sorted at every depth (undefined fields left out), so equal requests print the same. */
function canonical(value: unknown, skip?: ReadonlySet<string>): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  let out = '';
  for (const key of Object.keys(record).sort()) {
    const field = record[key];
    if (field === undefined || skip?.has(key)) continue;
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${canonical(field)}`;
  }
  return `{${out}}`;
}

/**
 * The envelope says who, when and in what context (the auction as it stood: a lot's `auctionActive`,
 * a donation's `auction`): not part of what was asked.
 */
const ENVELOPE: ReadonlySet<string> = new Set(['commandId', 'userId', 'at', 'auctionActive', 'auction']);

/**
 * What a command asks, as a fingerprint: its stream and every field but the envelope (kind, bidder,
 * amount, quantity…). The same key with the same fingerprint is a retry; with another one, a reuse.
 */
export function requestFingerprint(streamId: string, command: object): string {
  return digest(`${streamId}\n${canonical(command, ENVELOPE)}`);
}
