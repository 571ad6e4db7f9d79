import { defineConfig } from 'vitest/config';

const WORKSPACES = '{contract,platform,engine,projections,api,workers,web,load-tests,scripts}';

/**
 * Three tiers, told apart by the file name: `*.unit.test.ts` (no services, seconds),
 * `*.int.test.ts` (PostgreSQL and Redis), `*.e2e.test.ts` (the whole stack and Chromium).
 * `scripts/test.ts` starts the services only for the tiers that need them.
 */
const tier = (name: 'unit' | 'int' | 'e2e') => ({
  extends: true as const,
  test: { name, include: [`${WORKSPACES}/**/*.${name}.test.{ts,tsx}`] },
});

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', '.data/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The API's plugins and routes are loaded by @fastify/autoload's import(): inlined, its imports go
    // through Vitest like every other module (TypeScript, one module graph with the tests).
    server: { deps: { inline: ['@fastify/autoload'] } },
    projects: [tier('unit'), tier('int'), tier('e2e')],
  },
});
