import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunks } from '../../src/lib/staleChunks.ts';

/** A window as far as the reload needs one: its listener, its session storage and its reload. */
function page() {
  const stored = new Map<string, string>();
  let listener: ((event: Event) => void) | undefined;
  const host = {
    addEventListener: (type: string, handler: (event: Event) => void) => {
      if (type === 'vite:preloadError') listener = handler;
    },
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
    location: { reload: vi.fn() },
  };
  const chunkFails = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    listener?.(event);
    return event;
  };
  return { host, chunkFails };
}

describe('a chunk gone after a deploy', () => {
  it('loads the page again, once a minute at most, so a missing chunk cannot reload forever', () => {
    const { host, chunkFails } = page();
    let now = 1_000_000;
    reloadOnStaleChunks(host as unknown as Window & typeof host, () => now);
    expect(chunkFails().defaultPrevented).toBe(true);
    expect(host.location.reload).toHaveBeenCalledTimes(1);
    // The new page fails again within the minute: the error surfaces.
    now += 30_000;
    expect(chunkFails().defaultPrevented).toBe(false);
    expect(host.location.reload).toHaveBeenCalledTimes(1);
    now += 31_000;
    chunkFails();
    expect(host.location.reload).toHaveBeenCalledTimes(2);
  });
});
