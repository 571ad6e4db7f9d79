import { createHash } from 'node:crypto';
import { type AuditedEvent, eventHashInput, GENESIS_HASH } from '@auction/contract/canonicalJson';

export { type AuditedEvent, GENESIS_HASH };

/** SHA-256 of an event's canonical content and its stream's previous hash, in hex (docs/audit.md). */
export function eventHash(event: AuditedEvent, previousHash: string): string {
  return createHash('sha256').update(eventHashInput(event, previousHash)).digest('hex');
}

/** The hashes of events appended in order after a head hash: each one chains on the one before. */
export function chainHashes(events: AuditedEvent[], headHash: string): string[] {
  const hashes: string[] = [];
  let previous = headHash;
  for (const event of events) {
    previous = eventHash(event, previous);
    hashes.push(previous);
  }
  return hashes;
}
