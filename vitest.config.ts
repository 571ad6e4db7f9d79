import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{platform,engine,projections,api,workers,web,load-tests,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '.data/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
