import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
