import { createRedis, loadConfig } from '@auction/platform';

/**
 * The workers process. It holds the Redis connection the BullMQ queues will use; closings,
 * lifecycle and notifications arrive with the workers issue (see docs/status.md).
 */
const config = loadConfig();
if (!config.REDIS_URL) {
  console.error('The workers need REDIS_URL (npm start sets it).');
  process.exit(1);
}
const redis = createRedis(config.REDIS_URL);
await redis.ping();
console.log('[workers] connected to Redis');

const shutdown = () => {
  redis.disconnect();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
