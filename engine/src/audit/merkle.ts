import { createHash } from 'node:crypto';
import { canonicalJson } from '@auction/contract/canonicalJson';

/** A stream's head as a checkpoint commits to it. */
export interface StreamHead {
  streamId: string;
  version: number;
  hash: string;
}

const sha256 = (...parts: Array<string | Buffer>) => {
  const h = createHash('sha256');
  for (const part of parts) h.update(part);
  return h.digest();
};

/** Leaves and inner nodes are hashed under different prefixes (RFC 6962), so a node cannot pass for a leaf. */
export function leafHash(head: StreamHead): Buffer {
  return sha256(Buffer.from([0]), canonicalJson([head.streamId, head.version, head.hash]));
}

/** Heads in one order whatever order they were read in: by stream id, code unit by code unit. */
export function sortHeads(heads: StreamHead[]): StreamHead[] {
  return [...heads].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
}

/**
 * The Merkle root over the heads sorted by stream id, in hex; an odd node is carried up unpaired
 * (RFC 6962's shape). No stream at all gives the hash of nothing.
 */
export function merkleRoot(heads: StreamHead[]): string {
  let level = sortHeads(heads).map(leafHash);
  if (level.length === 0) return sha256().toString('hex');
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Buffer;
      const right = level[i + 1];
      next.push(right ? sha256(Buffer.from([1]), left, right) : left);
    }
    level = next;
  }
  return (level[0] as Buffer).toString('hex');
}
