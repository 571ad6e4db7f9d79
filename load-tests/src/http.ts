import { Pool } from 'undici';

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * The runner's HTTP client: one undici connection pool per API process and requests spread over
 * them in turn (the "simple round-robin on the client side" in front of several API processes).
 */
export class ApiClient {
  private readonly pools: Pool[];
  private next = 0;

  constructor(
    readonly baseUrls: string[],
    connectionsPerTarget = 64,
  ) {
    this.pools = baseUrls.map(
      (url) => new Pool(url, { connections: connectionsPerTarget, pipelining: 1, keepAliveTimeout: 30_000 }),
    );
  }

  private pick(): Pool {
    const pool = this.pools[this.next % this.pools.length] as Pool;
    this.next++;
    return pool;
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    token?: string,
    extraHeaders: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = { ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await this.pick().request({
      method,
      path,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.body.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text for the error message
    }
    return { status: response.statusCode, body: parsed } satisfies Answer;
  }

  /** A call that must succeed (setup): throws with the answer otherwise. */
  async expect<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, token?: string) {
    const answer = await this.request(method, path, body, token);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
    }
    return answer.body as T;
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.close()));
  }
}

/** Runs `task` over `items` with at most `limit` at a time, in order of start. */
export async function inParallel<T, R>(items: readonly T[], limit: number, task: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let index = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (index < items.length) {
        const i = index++;
        results[i] = await task(items[i] as T, i);
      }
    }),
  );
  return results;
}
