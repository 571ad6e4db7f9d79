import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leafHash, merkleRoot } from '../../src/audit/merkle.ts';

const head = (streamId: string, version: number) => ({
  streamId,
  version,
  hash: String(version).repeat(64).slice(0, 64),
});
const node = (left: Buffer, right: Buffer) =>
  createHash('sha256')
    .update(Buffer.from([1]))
    .update(left)
    .update(right)
    .digest();

describe('Merkle root over stream heads', () => {
  const a = head('lot-1', 3);
  const b = head('lot-10', 1);
  const c = head('lot-2', 7);

  it('pairs leaves sorted by stream id and carries an odd one up', () => {
    // Code-unit order: lot-1 < lot-10 < lot-2.
    const expected = node(node(leafHash(a), leafHash(b)), leafHash(c)).toString('hex');
    expect(merkleRoot([c, a, b])).toBe(expected);
  });

  it('does not depend on the order the heads were read in', () => {
    expect(merkleRoot([a, b, c])).toBe(merkleRoot([b, c, a]));
  });

  it('changes when any head moves on, and a single stream is its own leaf', () => {
    expect(merkleRoot([a, b, { ...c, version: 8 }])).not.toBe(merkleRoot([a, b, c]));
    expect(merkleRoot([a])).toBe(leafHash(a).toString('hex'));
    expect(merkleRoot([])).toBe(createHash('sha256').digest('hex'));
  });

  it('tells a leaf from an inner node (prefixed hashes)', () => {
    expect(leafHash(a).equals(node(leafHash(a), leafHash(b)))).toBe(false);
  });
});
