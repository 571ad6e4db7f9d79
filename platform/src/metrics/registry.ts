import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one metrics registry: what GET /metrics serves, on the API and on the workers.
 * Node's own metrics (CPU, memory, event-loop lag, GC) come with it. Every process registers every
 * metric of metrics.ts; the ones a process does not feed stay at zero (Prometheus' `job` label tells
 * the API from the workers).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

type ScrapeHook = () => Promise<void>;
const hooks = new Set<ScrapeHook>();

/**
 * Gauges read from elsewhere (queue depths in Redis, the projections' lag in PostgreSQL) are
 * refreshed when scraped rather than polled. Returns the function that removes the hook.
 */
export function beforeScrape(hook: ScrapeHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** The Prometheus text: hooks first (one that fails leaves its gauges at their last value). */
export async function renderMetrics(): Promise<string> {
  await Promise.all([...hooks].map((hook) => hook().catch(() => undefined)));
  return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
