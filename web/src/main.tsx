import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/client.ts';
import { startFirstData } from './api/firstData.ts';
import { intlLocale } from './i18n/format.ts';
import { resolveLocale } from './i18n/locale.ts';
import { warmIntl } from './i18n/warmIntl.ts';
import { firstScreenReached, holdFirstScreen } from './layout/firstScreen.ts';
import { reloadOnStaleChunks } from './lib/staleChunks.ts';
import { registerServiceWorker } from './pwa/registerServiceWorker.ts';
import './styles.css';

registerServiceWorker();
reloadOnStaleChunks();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The browser's Intl set-up runs in a worker while the route's code loads (warmIntl.worker.ts).
const intlWarm = warmIntl(intlLocale[resolveLocale(window.location.pathname)]);
const queryClient = createQueryClient();
holdFirstScreen(container, window.location.pathname);

/** What follows runs in a task of its own, so the browser can paint and answer input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

// Before React starts: the auction screens' first calls and code, in parallel with rendering. In a
// task of its own, before the router's: reading the page's answers into the cache and starting the
// calls took a fifth of the entry's evaluation, on a phone its longest task.
void nextTask().then(() => startFirstData(queryClient, window.location.pathname));

// The route tree and the router (router.tsx, its own chunk, preloaded with the entry) are evaluated
// in a task after React's: on a phone the entry's evaluation was one long task with both in it.
// Then the route's code loads: rendered before it had, the page was drawn again when it arrived,
// by the router's store, in one blocking render.
const routed = nextTask()
  .then(() => import('./router.tsx'))
  .then(({ router }) => {
    router.subscribe('onResolved', (event) => firstScreenReached(event.toLocation.pathname));
    return router.load().then(
      () => router,
      () => router,
    );
  });

const root = createRoot(container);
// The whole page renders as a transition once the route and the Intl set-up are ready: it yields to
// the browser every few milliseconds instead of holding the phone's main thread for one long task
// (the server has drawn the first screen meanwhile).
Promise.all([routed, intlWarm]).then(([router]) =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  }),
);
