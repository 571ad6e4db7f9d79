export { countJobFailures } from './jobFailures.ts';
export * from './metrics.ts';
export { type MetricsRequest, mayReadMetrics } from './metricsAccess.ts';
export { startMetricsServer } from './metricsServer.ts';
export { watchQueues } from './queueDepths.ts';
export { beforeScrape, METRICS_CONTENT_TYPE, metricsRegistry, renderMetrics } from './registry.ts';
