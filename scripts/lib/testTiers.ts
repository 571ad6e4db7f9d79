import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** The test tiers, one Vitest project each (vitest.config.ts), named by the files' second extension. */
export const TIERS = ['unit', 'int', 'e2e'] as const;
export type Tier = (typeof TIERS)[number];

/**
 * The tiers of the files a Vitest command line selects, asked of Vitest itself (`vitest list
 * --filesOnly` reads no test file, so it answers in about a second): `npm test -- web/test` then
 * starts no server, `npm test -- api/test/hub` starts PostgreSQL and Redis. When Vitest cannot
 * answer, every tier is assumed, which starts everything as before.
 */
export function selectedTiers(root: string, vitestArgs: string[]): Set<Tier> {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-list-'));
  const output = join(dir, 'files.json');
  try {
    const listed = spawnSync('npx', ['vitest', 'list', '--filesOnly', `--json=${output}`, ...vitestArgs], {
      cwd: root,
      stdio: 'ignore',
    });
    if (listed.status !== 0) return new Set(TIERS);
    const files = JSON.parse(readFileSync(output, 'utf8')) as Array<{ projectName?: string }>;
    return new Set(files.map((file) => file.projectName).filter((name): name is Tier => isTier(name)));
  } catch {
    return new Set(TIERS);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isTier = (name: string | undefined): name is Tier => TIERS.includes(name as Tier);

const WORKSPACES = ['platform', 'engine', 'projections', 'api', 'workers', 'web', 'load-tests', 'scripts', 'contract'];
const SKIPPED = new Set(['node_modules', 'dist', 'screenshots']);

/** Test files no tier includes (`x.test.ts` instead of `x.unit.test.ts`): they would never run. */
export function untieredTestFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name) && !/\.(unit|int|e2e)\.test\.tsx?$/.test(entry.name)) {
        found.push(relative(root, path));
      }
    }
  };
  for (const workspace of WORKSPACES) if (existsSync(join(root, workspace))) walk(join(root, workspace));
  return found;
}
