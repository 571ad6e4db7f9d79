import { Redis } from 'ioredis';

/**
 * `failFast`: while Redis is unreachable a command gives up after two reconnection attempts instead
 * of waiting for it forever, so an API call that needs Redis answers 503 at once rather than hang.
 * Not for BullMQ workers, whose blocking commands need the default.
 */
export function createRedis(url: string, options: { failFast?: boolean } = {}): Redis {
  // BullMQ workers need maxRetriesPerRequest null.
  return new Redis(url, { maxRetriesPerRequest: options.failFast ? 2 : null, lazyConnect: false });
}
