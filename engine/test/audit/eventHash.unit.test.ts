import { createHash } from 'node:crypto';
import { canonicalJson, eventHashInput } from '@auction/contract/canonicalJson';
import { describe, expect, it } from 'vitest';
import { chainHashes, eventHash, GENESIS_HASH } from '../../src/audit/eventHash.ts';

const event = {
  streamId: 'lot-7',
  streamVersion: 2,
  type: 'BidPlaced',
  data: { bidderId: 'u1', amount: 2500, isAutoBid: false },
  meta: { commandId: 'c1', userId: 'u1', at: 1_763_900_000_000 },
  recordedAt: 1_763_900_000_004,
};

describe('canonical JSON', () => {
  it('sorts keys by code unit at every depth, with no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 'é' }], c: null }, B: true })).toBe(
      '{"B":true,"a":{"c":null,"d":[2,{"y":"é","z":1}]},"b":1}',
    );
  });

  it('encodes a value the same however its keys were ordered, as jsonb gives them back reordered', () => {
    const read = JSON.parse('{"isAutoBid":false,"amount":2500,"bidderId":"u1"}');
    expect(canonicalJson(read)).toBe(canonicalJson(event.data));
  });

  it('leaves out undefined keys as JSON does, and refuses what JSON cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
  });

  it('escapes strings as JSON does', () => {
    expect(canonicalJson({ 'k"': 'line\nquote"\u0001' })).toBe('{"k\\"":"line\\nquote\\"\\u0001"}');
  });
});

describe('event hash', () => {
  it('is SHA-256 of the versioned canonical content and the previous hash', () => {
    const input = eventHashInput(event, GENESIS_HASH);
    expect(input).toBe(
      `{"audit":1,"data":{"amount":2500,"bidderId":"u1","isAutoBid":false},"meta":{"at":1763900000000,"commandId":"c1","userId":"u1"},"previousHash":"${GENESIS_HASH}","recordedAt":1763900000004,"streamId":"lot-7","streamVersion":2,"type":"BidPlaced"}`,
    );
    expect(eventHash(event, GENESIS_HASH)).toBe(createHash('sha256').update(input).digest('hex'));
  });

  it('changes with every field it covers', () => {
    const base = eventHash(event, GENESIS_HASH);
    const variants = [
      { ...event, streamId: 'lot-8' },
      { ...event, streamVersion: 3 },
      { ...event, type: 'BidRemoved' },
      { ...event, data: { ...event.data, amount: 2501 } },
      { ...event, meta: { ...event.meta, userId: 'u2' } },
      { ...event, recordedAt: event.recordedAt + 1 },
    ];
    for (const variant of variants) expect(eventHash(variant, GENESIS_HASH)).not.toBe(base);
    expect(eventHash(event, 'f'.repeat(64))).not.toBe(base);
  });

  it('chains each event on the one before', () => {
    const second = { ...event, streamVersion: 3 };
    const [h1, h2] = chainHashes([event, second], GENESIS_HASH);
    expect(h1).toBe(eventHash(event, GENESIS_HASH));
    expect(h2).toBe(eventHash(second, h1 as string));
  });
});
