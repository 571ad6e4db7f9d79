import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TickCoalescer } from '../../src/hub/tickCoalescer.ts';

let flushed: Array<{ at: number; key: number; items: string[] }>;
let coalescer: TickCoalescer<string>;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  flushed = [];
  coalescer = new TickCoalescer<string>(100, (key, items) => flushed.push({ at: Date.now(), key, items }), Date.now);
});
afterEach(() => {
  coalescer.stop();
  vi.useRealTimers();
});

describe('tick coalescer', () => {
  it('hands over each key’s items of one tick together, once, when the tick ends', () => {
    coalescer.push(1, 'a');
    vi.advanceTimersByTime(40);
    coalescer.push(2, 'x');
    coalescer.push(1, 'b');
    vi.advanceTimersByTime(59);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([
      { at: 100, key: 1, items: ['a', 'b'] },
      { at: 100, key: 2, items: ['x'] },
    ]);
    vi.advanceTimersByTime(1_000);
    expect(flushed).toHaveLength(2);
  });

  it('keeps the cadence while busy: an item arriving 30 ms after a flush waits 70 ms, not a whole tick', () => {
    coalescer.push(1, 'a');
    vi.advanceTimersByTime(130);
    coalescer.push(1, 'b');
    vi.advanceTimersByTime(70);
    expect(flushed.map((f) => [f.at, f.items])).toEqual([
      [100, ['a']],
      [200, ['b']],
    ]);
  });

  it('after a quiet period, starts a fresh tick with the first item', () => {
    coalescer.push(1, 'a');
    vi.advanceTimersByTime(350);
    coalescer.push(1, 'b');
    vi.advanceTimersByTime(99);
    expect(flushed).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(flushed.map((f) => [f.at, f.items])).toEqual([
      [100, ['a']],
      [450, ['b']],
    ]);
  });

  it('drops what is pending when stopped', () => {
    coalescer.push(1, 'a');
    coalescer.stop();
    vi.advanceTimersByTime(1_000);
    expect(flushed).toEqual([]);
  });
});
