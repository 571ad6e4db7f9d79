import { Redis } from 'ioredis';

export function createRedis(url: string): Redis {
  // BullMQ needs maxRetriesPerRequest null; the same setting keeps health checks from hanging forever.
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}
