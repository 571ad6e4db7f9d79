import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * `npm run bundle:budget`: builds web/dist, then measures the JavaScript a first visit to the lot list downloads before it can
 * show lots (the entry chunk, the lot list route's chunk, and everything they import statically),
 * gzipped, against the budget of issue 7. Lazy chunks of other screens are not counted.
 */
const BUDGET_KB = 200;
const DIST = resolve(import.meta.dirname, '../dist');
const ROUTE_MODULE = 'src/lots/LotListPage.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

// Always a fresh production build: a dist/ built under NODE_ENV=test (vitest) carries React's
// development build and would be measured wrongly.
const WEB = resolve(import.meta.dirname, '..');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  cwd: WEB,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (build.status !== 0) throw new Error('the web app failed to build');
const manifest = JSON.parse(readFileSync(resolve(DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry || !manifest[ROUTE_MODULE]) throw new Error('web/dist has no manifest entry for the app or the lot list');
const keys = new Set([...staticClosure(entry), ...staticClosure(ROUTE_MODULE)]);
const rows = [...keys]
  .map((key) => manifest[key]?.file ?? '')
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(resolve(DIST, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
for (const row of rows) console.log(`${kb(row.gzip).padStart(7)} kB gz  ${kb(row.raw).padStart(7)} kB  ${row.file}`);
console.log(`lot list initial JavaScript: ${kb(total)} kB gzipped (budget ${BUDGET_KB} kB)`);
if (total > BUDGET_KB * 1024) {
  console.error('over budget');
  process.exit(1);
}
