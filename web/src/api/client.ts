import { QueryClient } from '@tanstack/react-query';
import type { Locale } from '../i18n/routes.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Paths stay relative: in production the API process serves this app from the same origin, and in
 * development Vite proxies /api to it. Accept-Language lets the API answer in the page's language.
 */
export async function apiGet<T>(
  path: `/api/${string}`,
  { locale, signal }: { locale: Locale; signal?: AbortSignal },
): Promise<T> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json', 'Accept-Language': locale },
    signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, `GET ${path} failed with ${response.status}`);
  }
  return (await response.json()) as T;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not heal by asking again; network blips and 5xx might.
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
}
