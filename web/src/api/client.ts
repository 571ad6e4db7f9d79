import { QueryClient } from '@tanstack/react-query';
import { defaultLocale, type Locale } from '../i18n/routes.ts';
import { readStorage, storageKeys, writeStorage } from '../lib/storage.ts';
import { devAnswerSchema } from './devAnswers.ts';

// Earlier versions kept the refresh token in storage, where any script could read it: gone on load.
try {
  globalThis.localStorage?.removeItem('refreshToken');
} catch {
  // Storage unavailable: nothing to clean.
}

/** A refusal from the API: `message` is one of the spec's message keys, `messages` all of them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly messages: string[] = [message],
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The page's language, set by the LocaleProvider, so every call carries it without each caller passing it.
let requestLocale: Locale = defaultLocale;
export function setRequestLocale(locale: Locale): void {
  requestLocale = locale;
}
export function getRequestLocale(): Locale {
  return requestLocale;
}

type Listener = () => void;
const tokenListeners = new Set<Listener>();

/**
 * The access token lives in storage (spec 000 §4 and §9: a stored token restores the session on
 * load); it lasts 15 minutes. The refresh token is the API's httpOnly cookie: the browser sends it
 * to /api/account/refresh and no script here ever sees it.
 */
export const tokens = {
  access: () => readStorage(storageKeys.accessToken),
  set(access: string | undefined) {
    writeStorage(storageKeys.accessToken, access);
    for (const listener of tokenListeners) listener();
  },
  subscribe(listener: Listener) {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** The answer is text, not JSON (the invitation call). */
  text?: boolean;
  /** The answer is a file (an invoice's or a receipt's PDF). */
  blob?: boolean;
  /**
   * The contract's schema of the answer (@auction/contract): in development the answer is checked
   * against it and a mismatch is reported in the console, so API and app drift apart visibly.
   */
  answer?: { safeParse(value: unknown): { success: boolean; error?: unknown } };
  /**
   * The access token for this call only, instead of the stored one: the login's token call is
   * made as the user who just authenticated, before the session is stored and shown.
   */
  bearer?: string;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': requestLocale };
  // A file (a lot photo) goes as its own bytes under its own type; anything else as JSON.
  const file = options.body instanceof Blob ? options.body : undefined;
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(withQuery(path, options.query), {
    method: options.method ?? 'GET',
    // Same origin only: the refresh cookie goes to our API and nowhere else.
    credentials: 'same-origin',
    headers,
    body: file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: options.signal,
  });
}

/** Read from the token itself, unchecked (the API checks it); a margin for the clocks and the trip. */
const EXPIRY_MARGIN_S = 30;
export function hasExpired(token: string, nowMs: number = Date.now()): boolean {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' && claims.exp - EXPIRY_MARGIN_S <= nowMs / 1000;
  } catch {
    // Not a JWT we can read: the API decides, and a 401 renews it as before.
    return false;
  }
}

/** The API's refusal of a call, read from its answer. */
async function refusalOf(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's page): the status alone has to do.
  }
  const message = typeof body.message === 'string' ? body.message : 'there_was_an_error';
  const messages = Array.isArray(body.messages) ? body.messages.map(String) : [message];
  return new ApiError(response.status, message, messages, body);
}

/**
 * Renews the access token with the refresh cookie, which rotates on every use: a second use of
 * the same cookie would look like a stolen copy and end the session. So one refresh at a time in
 * this tab (parallel calls that got 401 wait for the same one) and across tabs (a Web Lock), and a
 * tab that finds a token newer than the one refused uses it instead of refreshing again. A renewal
 * held back by a limit (429) says nothing about the session, which may well be valid: the token is
 * kept and the call fails with that refusal, rather than logging the bidder out (anyone sharing
 * the venue's address could otherwise cause it).
 */
let refreshing: Promise<boolean> | undefined;
async function refreshSession(refused: string): Promise<boolean> {
  refreshing ??= withRefreshLock(async () => {
    if (tokens.access() !== refused) return tokens.access() !== undefined;
    const response = await send('/api/account/refresh', { method: 'POST' }, undefined);
    if (response.status === 429) throw await refusalOf(response);
    if (!response.ok) {
      tokens.set(undefined);
      return false;
    }
    tokens.set(((await response.json()) as { token: string }).token);
    return true;
  }).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request('auction-session-refresh', work) as Promise<T>) : work();
}

/** Logging out: the API revokes the refresh cookie's session and clears the cookie. */
export async function endSession(): Promise<void> {
  tokens.set(undefined);
  try {
    await send('/api/account/refresh', { method: 'DELETE' }, undefined);
  } catch {
    // Offline: the cookie expires on its own, and the access token is already gone.
  }
}

/**
 * Every call is relative (the API serves this app at the same origin), carries the page's language
 * and, when signed in, the access token, which is renewed once with the refresh token on a 401.
 */
export async function api<T>(path: `/api/${string}`, options: RequestOptions = {}): Promise<T> {
  let token = options.bearer ?? tokens.access();
  // A token known to be expired is renewed first rather than refused: a bidder coming back after
  // its 15 minutes made every first call of the page twice, each logged as a 401. Renewal refused,
  // the call goes without it, as a visitor's (public answers then still come); held back by a limit
  // (429), the call fails with that refusal and the token stays (refreshSession).
  if (token && !options.bearer && hasExpired(token))
    token = (await refreshSession(token)) ? tokens.access() : undefined;
  let response = await send(path, options, token);
  if (response.status === 401 && token && !options.bearer && (await refreshSession(token))) {
    response = await send(path, options, tokens.access());
  }
  if (!response.ok) throw await refusalOf(response);
  if (options.text) return (await response.text()) as T;
  if (options.blob) return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const answer: unknown = await response.json();
  if (inDevelopment()) await checkAnswer(path, options, answer);
  return answer as T;
}

/** In development: warns when an answer does not match the contract's schema of its call. */
async function checkAnswer(path: string, options: RequestOptions, answer: unknown): Promise<void> {
  const schema = options.answer ?? (await devAnswerSchema(options.method ?? 'GET', path));
  const checked = schema?.safeParse(answer);
  if (checked && !checked.success) console.warn(`The answer of ${path} does not match the contract`, checked.error);
}

/** Vite's development server (its `import.meta.env.DEV`); false in the built app. */
function inDevelopment(): boolean {
  return (import.meta as ImportMeta & { env?: { DEV?: boolean } }).env?.DEV === true;
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
