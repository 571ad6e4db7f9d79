import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const WEB = resolve(import.meta.dirname, '../../web');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds the web app when its sources are newer than the last build, so start and tests serve current pages. */
export function buildWebIfStale(log: (line: string) => void): void {
  const built = join(WEB, 'dist/index.html');
  const sources = Math.max(
    // The rich-text allowlist lives in the platform and is bundled into the app.
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json', '../contract/src'].map((p) =>
      newest(join(WEB, p)),
    ),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('Building the web app…');
  // A build started from inside a test runner inherits NODE_ENV=test and would ship React's development build.
  const run = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) throw new Error('The web app failed to build (see above).');
}
