import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  type RouteComponent,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { LocaleProvider } from '../src/i18n/LocaleProvider.tsx';
import type { Locale } from '../src/i18n/routes.ts';

/** A screen part with what the app gives it: a query client, the page's language and a router (for links and where they lead). */
export function renderInApp(component: RouteComponent, locale: Locale = 'en') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: createRootRoute({ component }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <LocaleProvider locale={locale}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

/** Answers fetch from a table of path prefixes, recording each URL asked. */
export function stubFetch(answers: Record<string, () => Response>) {
  const urls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const match = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    if (!match) return new Response('{}', { status: 404 });
    return (answers[match] as () => Response)();
  };
  return { fetch, urls };
}

export const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
