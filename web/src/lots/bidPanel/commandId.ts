/** An idempotency key for one bid command (docs/lots.md): the API answers a repeat with the first answer. */
export function newCommandId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
