/**
 * Registers the service worker (web/public/sw.js) in production builds only: in development it
 * would serve stale modules to Vite's hot reload. Failure is harmless: the app works without it,
 * only installation and push notices need it.
 */
export function registerServiceWorker(): void {
  const production = (import.meta as ImportMeta & { env?: { PROD?: boolean } }).env?.PROD === true;
  if (!production || !('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  // After the page's own load, so the worker's first fetches do not compete with it. An auction page
  // starts the app once its first screen is painted (api/src/webApp/startAfterFirstPaint.ts), often
  // after that load: then in a task of its own, as registering inside the entry's evaluation (the
  // page's longest task) added a few milliseconds to it.
  if (document.readyState === 'complete') setTimeout(register);
  else window.addEventListener('load', register, { once: true });
}

/** Whether this browser can receive Web Push notices at all. */
export const pushSupported = (): boolean =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
