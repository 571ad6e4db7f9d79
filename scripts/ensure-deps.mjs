// Runs before anything else (plain Node, no dependencies): installs dependencies when node_modules
// is missing or older than the manifests, so `npm start` and `npm test` work on a fresh clone.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const manifests = [
  'package.json',
  'package-lock.json',
  ...['contract', 'platform', 'engine', 'projections', 'api', 'workers', 'web', 'load-tests'].map(
    (w) => `${w}/package.json`,
  ),
];
const hash = createHash('sha256');
for (const file of manifests) if (existsSync(file)) hash.update(file).update(readFileSync(file));
const digest = hash.digest('hex');
const stamp = 'node_modules/.install-stamp';

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== digest) {
  console.log('Installing dependencies (node_modules is missing or stale)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm install failed: see the messages above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, digest);
}
