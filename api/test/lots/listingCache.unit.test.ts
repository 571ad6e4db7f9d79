import { describe, expect, it } from 'vitest';
import { ListingCache } from '../../src/lots/listingCache.ts';

function reader() {
  const reads: number[] = [];
  let fail = false;
  return {
    reads,
    failNext: () => {
      fail = true;
    },
    read: async (auctionId: number) => {
      reads.push(auctionId);
      if (fail) {
        fail = false;
        throw new Error('database down');
      }
      return [`listing ${auctionId} #${reads.length}`];
    },
  };
}

describe('the lot listing cache', () => {
  it('serves one read to every request of an auction within the time to live, then reads again', async () => {
    let now = 0;
    const source = reader();
    const cache = new ListingCache(source.read, 1_000, 10, () => now);
    expect(await cache.get(7)).toEqual(['listing 7 #1']);
    now = 999;
    expect(await cache.get(7)).toEqual(['listing 7 #1']);
    now = 1_000;
    expect(await cache.get(7)).toEqual(['listing 7 #2']);
    expect(source.reads).toEqual([7, 7]);
  });

  it('shares one read between concurrent misses, and keeps auctions apart', async () => {
    const source = reader();
    const cache = new ListingCache(source.read, 1_000, 10, () => 0);
    const [a, b, c] = await Promise.all([cache.get(1), cache.get(1), cache.get(2)]);
    expect(a).toBe(b);
    expect(c).toEqual(['listing 2 #2']);
    expect(source.reads).toEqual([1, 2]);
  });

  it('does not keep a failed read', async () => {
    const source = reader();
    const cache = new ListingCache(source.read, 1_000, 10, () => 0);
    source.failNext();
    await expect(cache.get(3)).rejects.toThrow('database down');
    expect(await cache.get(3)).toEqual(['listing 3 #2']);
  });

  it('keeps at most its number of auctions, forgetting the one read longest ago', async () => {
    const source = reader();
    const cache = new ListingCache(source.read, 1_000, 2, () => 0);
    await cache.get(1);
    await cache.get(2);
    await cache.get(3);
    await cache.get(2);
    await cache.get(1);
    expect(source.reads).toEqual([1, 2, 3, 1]);
  });
});
