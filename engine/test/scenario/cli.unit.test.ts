import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALFORMED, REPOSITORY_ROOT, scenarioFixtures } from './paths.ts';

type Run = { status: number | null; stdout: string; stderr: string };

function scenario(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'engine/src/cli/scenario.ts', ...args],
      { cwd: REPOSITORY_ROOT },
      (error, stdout, stderr) => {
        resolve({ status: error === null ? 0 : (error.code as number | null), stdout, stderr });
      },
    );
  });
}

// Each run starts a process, so they run side by side.
describe.concurrent('the scenario command', () => {
  it('prints the outcome as JSON and exits 0', async () => {
    const fixture = scenarioFixtures().find((each) => each.name === 'max-answers-bid');
    if (fixture === undefined) throw new Error('missing fixture');
    const { status, stdout } = await scenario(fixture.path);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual(fixture.expected);
  });

  it.each([
    ['unknown-command.json', 'commands[1].type: expected one of "bid", "maxBid"'],
    ['bad-lot-field.json', 'lot.startingBid: expected a decimal string with at most 2 decimals'],
    ['bad-time.json', 'commands[0].at: expected an ISO 8601 timestamp'],
  ])('exits 2 and says what is wrong with %s', async (file, message) => {
    const { status, stdout, stderr } = await scenario(`${MALFORMED}${file}`);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });

  it('exits 2 for a file that is not JSON', async () => {
    // Not valid JSON, so it cannot sit among the fixtures, which the formatter parses.
    const directory = mkdtempSync(join(tmpdir(), 'scenario-'));
    const path = join(directory, 'trailing-comma.json');
    writeFileSync(path, '{ "lot": { "endsAt": "2025-06-01T20:00:00Z" }, "commands": [], }');
    try {
      const { status, stderr } = await scenario(path);
      expect(status).toBe(2);
      expect(stderr).toContain('invalid JSON');
    } finally {
      rmSync(directory, { recursive: true });
    }
  });

  it('exits 2 for a file it cannot read, or none at all', async () => {
    const [missing, none] = await Promise.all([scenario(`${MALFORMED}does-not-exist.json`), scenario()]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read the file');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('usage');
  });
});
