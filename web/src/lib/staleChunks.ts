const RELOADED_AT = 'staleChunksReloadedAt';
const ONCE_PER_MS = 60_000;

type Host = Pick<Window, 'addEventListener'> & {
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: Pick<Location, 'reload'>;
};

/**
 * A new version was deployed while this page was open: the code chunks it was built with are gone
 * (the server answers 404 for a build file it does not have), so a screen or a dialog whose
 * code had not loaded yet did nothing when asked. Vite reports it as `vite:preloadError`; the page
 * is loaded again, with the new version. At most once a minute, so a chunk missing for another
 * reason (the network) surfaces as the error it is rather than reloading without end.
 */
export function reloadOnStaleChunks(host: Host = window, now: () => number = Date.now): void {
  host.addEventListener('vite:preloadError', (event) => {
    const last = Number(host.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < ONCE_PER_MS) return;
    event.preventDefault();
    host.sessionStorage.setItem(RELOADED_AT, String(now()));
    host.location.reload();
  });
}
