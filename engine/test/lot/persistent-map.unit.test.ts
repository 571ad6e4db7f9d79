import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyMap, mapGet, mapSet } from '../../src/lot/persistent-map.ts';

describe('the persistent map behind idempotency', () => {
  it('answers like a Map, and earlier versions keep their contents', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 200 }), (writes) => {
        const model = new Map<string, number>();
        const versions = [{ map: emptyMap<number>(), model: new Map(model) }];
        let map = emptyMap<number>();
        for (const [key, value] of writes) {
          map = mapSet(map, key, value);
          model.set(key, value);
          versions.push({ map, model: new Map(model) });
        }
        for (const version of versions) {
          expect(version.map.size).toBe(version.model.size);
          for (const [key] of writes) expect(mapGet(version.map, key)).toBe(version.model.get(key));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('holds many keys, including ones whose hashes collide', () => {
    let map = emptyMap<number>();
    const count = 20_000;
    for (let i = 0; i < count; i++) map = mapSet(map, `command-${i}`, i);
    // FNV-1a gives these two strings the same 32-bit hash.
    map = mapSet(mapSet(map, 'costarring', 1), 'liquid', 2);
    expect(map.size).toBe(count + 2);
    expect(mapGet(map, 'command-12345')).toBe(12_345);
    expect([mapGet(map, 'costarring'), mapGet(map, 'liquid')]).toEqual([1, 2]);
    expect(mapGet(map, 'command-20000')).toBeUndefined();
  });
});
