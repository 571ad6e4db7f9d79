import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyMap, mapDelete, mapEntries, mapGet, mapSet, type PersistentMap } from '../../src/lot/persistent-map.ts';

/** Few distinct keys, so that writes and deletions often meet the same key. */
const key = fc.string({ maxLength: 2 });
const operation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key }),
);

describe('the persistent map behind command ids, maxes and purchases', () => {
  it('answers like a Map, and earlier versions keep their contents', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const model = new Map<string, number>();
        let map = emptyMap<number>();
        const versions: { map: PersistentMap<number>; model: Map<string, number> }[] = [];
        for (const each of operations) {
          if (each.kind === 'set') {
            map = mapSet(map, each.key, each.value);
            model.set(each.key, each.value);
          } else {
            map = mapDelete(map, each.key);
            model.delete(each.key);
          }
          versions.push({ map, model: new Map(model) });
        }
        for (const version of versions) {
          expect(version.map.size).toBe(version.model.size);
          expect(new Map(mapEntries(version.map))).toEqual(version.model);
          for (const each of operations) expect(mapGet(version.map, each.key)).toBe(version.model.get(each.key));
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
    const withoutOne = mapDelete(map, 'costarring');
    expect([mapGet(withoutOne, 'costarring'), mapGet(withoutOne, 'liquid'), withoutOne.size]).toEqual([
      undefined,
      2,
      count + 1,
    ]);
    expect(mapDelete(map, 'absent')).toBe(map);
  });
});
