/**
 * The canonical JSON of a value: object keys sorted by UTF-16 code units (as RFC 8785 does),
 * no whitespace, numbers and strings as JSON.stringify writes them, keys whose value is
 * undefined left out. It is what the audit log hashes: a value read back from PostgreSQL's jsonb
 * (which reorders keys and drops nothing else) encodes to the same text as the value written, so
 * the writer, the verifier and an offline auditor agree byte for byte without sharing a database.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} has no JSON form`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort();
      return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} has no JSON form`);
  }
}

/** The hash before a stream's first event: 32 zero bytes, in hex. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an event's hash covers, besides the previous event's hash (docs/audit.md). */
export interface AuditedEvent {
  streamId: string;
  streamVersion: number;
  type: string;
  data: unknown;
  meta: unknown;
  /** When the store recorded it, epoch ms. */
  recordedAt: number;
}

/** The text an event's SHA-256 is taken over: its content and the previous hash, versioned. */
export function eventHashInput(event: AuditedEvent, previousHash: string): string {
  return canonicalJson({
    audit: 1,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    data: event.data,
    meta: event.meta,
    recordedAt: event.recordedAt,
    previousHash,
  });
}
