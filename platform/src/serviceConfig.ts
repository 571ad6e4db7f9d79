import { type Config, ConfigError, loadConfig } from './config.ts';

export type ServiceConfig = Config & { DATABASE_URL: string; REDIS_URL: string };

/**
 * The configuration of a long-running process (the API, the workers). Neither can do anything
 * without PostgreSQL and Redis, so a bad or missing setting is said in one message and the
 * process exits, rather than failing later on its first query.
 */
export function loadServiceConfig(service: string, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const { DATABASE_URL, REDIS_URL } = config;
  if (!DATABASE_URL || !REDIS_URL) {
    console.error(`${service} needs DATABASE_URL and REDIS_URL (npm start sets them).`);
    process.exit(1);
  }
  return { ...config, DATABASE_URL, REDIS_URL };
}
