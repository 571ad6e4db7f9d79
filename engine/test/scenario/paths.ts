import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SCENARIOS = fileURLToPath(new URL('../fixtures/scenarios/', import.meta.url));
export const MALFORMED = `${SCENARIOS}malformed/`;

/** Every scenario fixture: its input with the outcome it must produce under `expected`. */
export function scenarioFixtures(): { name: string; path: string; text: string; expected: unknown }[] {
  return readdirSync(SCENARIOS)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const path = `${SCENARIOS}${file}`;
      const text = readFileSync(path, 'utf8');
      return {
        name: file.replace(/\.json$/, ''),
        path,
        text,
        expected: (JSON.parse(text) as { expected: unknown }).expected,
      };
    });
}
