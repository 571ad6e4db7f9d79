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
import { registerServiceWorker } from './pwa/registerServiceWorker.ts';
import { router } from './router.tsx';
import './styles.css';

registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The browser's Intl set-up runs in a worker while the route's code loads (warmIntl.worker.ts).
const intlWarm = warmIntl(intlLocale[resolveLocale(window.location.pathname)]);
const queryClient = createQueryClient();
// Before React starts: the auction screens' first calls and code, in parallel with rendering.
startFirstData(queryClient, window.location.pathname);
holdFirstScreen(container, window.location.pathname);
router.subscribe('onResolved', (event) => firstScreenReached(event.toLocation.pathname));

const root = createRoot(container);
// The route's code (and the Intl set-up) comes first, then the whole page renders as a transition:
// it yields to the browser every few milliseconds instead of holding the phone's main thread for
// one long task (the server has drawn the first screen meanwhile). Rendered before the route had loaded, the page was
// drawn again when it arrived, by the router's store, in one blocking render.
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
Promise.all([router.load(), intlWarm]).then(render, render);
