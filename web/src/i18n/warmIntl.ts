/** How long the first render waits for the Intl set-up at most: a slow worker must not hold the page. */
export const INTL_WARM_WAIT_MS = 400;

/**
 * Starts the Intl set-up in a worker (warmIntl.worker.ts) and resolves once it is done, or after
 * INTL_WARM_WAIT_MS, or at once where workers cannot run. Never rejects: without it the page only
 * pays the set-up itself, as before.
 */
export function warmIntl(locale: string): Promise<void> {
  if (typeof Worker !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, INTL_WARM_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    try {
      const worker = new Worker(new URL('./warmIntl.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = done;
      worker.onerror = done;
      worker.postMessage(locale);
    } catch {
      done();
    }
  });
}
