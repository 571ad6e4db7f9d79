import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_SCRIPT, startAfterFirstPaint } from '../../src/webApp/startAfterFirstPaint.ts';

const INDEX =
  '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/messages-1.js"></head><body><div id="root"></div></body></html>';

/**
 * Runs the start script against a page reduced to what it reads: the links it follows, the first
 * screen's picture (whose decoding the test settles), frames, and the import it ends with.
 */
function runStart(picture: 'none' | 'decodes' | 'never') {
  const events: string[] = [];
  const pendingAtPreload: number[] = [];
  let decoded = () => {};
  const img = {
    decode: () =>
      new Promise<void>((resolve) => {
        decoded = resolve;
      }),
  };
  const links = [{ href: '/assets/index-1.js' }, { href: '/assets/messages-1.js' }, { href: '/assets/Lot-1.js' }];
  const document = {
    querySelectorAll: () => links,
    querySelector: () => (picture === 'none' ? null : img),
    createElement: () => ({}) as { rel?: string; href?: string },
    head: {
      append: (l: { rel: string; href: string }) => {
        events.push(`${l.rel} ${l.href}`);
        pendingAtPreload.push(vi.getTimerCount());
      },
    },
  };
  const requestAnimationFrame = (callback: () => void) => setTimeout(callback, 16);
  const load = (href: string) => events.push(`import ${href}`);
  new Function('document', 'requestAnimationFrame', 'load', START_SCRIPT.replace('import(entry)', 'load(entry)'))(
    document,
    requestAnimationFrame,
    load,
  );
  return { events, pendingAtPreload, decode: () => decoded() };
}

describe('the start script of an auction page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the chunks and starts the app once the picture is decoded and a frame has passed', async () => {
    const page = runStart('decodes');
    await vi.advanceTimersByTimeAsync(300);
    expect(page.events).toEqual([]);
    page.decode();
    await vi.advanceTimersByTimeAsync(20);
    expect(page.events).toEqual([
      'import /assets/index-1.js',
      'modulepreload /assets/messages-1.js',
      'modulepreload /assets/Lot-1.js',
    ]);
  });

  it('adds each preload in a task of its own, so none of them makes one long task', async () => {
    const page = runStart('none');
    await vi.advanceTimersByTimeAsync(20);
    // Each preload found the next one still waiting for its task: added in one loop, none would be.
    const [first = 0] = page.pendingAtPreload;
    expect(page.pendingAtPreload).toEqual([first, first - 1]);
    expect(page.events[0]).toBe('import /assets/index-1.js');
  });

  it('starts the app after a second when the picture never arrives, and at the next frame without one', async () => {
    const never = runStart('never');
    await vi.advanceTimersByTimeAsync(999);
    expect(never.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(never.events[0]).toBe('import /assets/index-1.js');

    const none = runStart('none');
    await vi.advanceTimersByTimeAsync(20);
    expect(none.events[0]).toBe('import /assets/index-1.js');
  });

  it("leaves index.html's entry and preloads to it, fetching nothing before", () => {
    const html = startAfterFirstPaint(INDEX);
    expect(html).toContain(
      '<link rel="app-entry" href="/assets/index-1.js"><link rel="app-module" href="/assets/messages-1.js">',
    );
    expect(html).not.toMatch(/<script type="module" crossorigin|rel="modulepreload"/);
    expect(html).toContain(`<script type="module">${START_SCRIPT}</script></head>`);
  });
});
