import { readFileSync } from 'node:fs';
import { parseScenario, runScenario } from '../scenario/index.ts';

/** Exit code for input the tool cannot read as a scenario, as opposed to a failure of its own. */
const MALFORMED = 2;

const [file] = process.argv.slice(2);
if (file === undefined) {
  process.stderr.write('usage: npm run -s scenario -- FILE\n');
  process.exit(MALFORMED);
}

let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  process.stderr.write(`${file}: cannot read the file: ${(error as Error).message}\n`);
  process.exit(MALFORMED);
}

const parsed = parseScenario(text);
if (!parsed.ok) {
  process.stderr.write(`${file}: ${parsed.error}\n`);
  process.exit(MALFORMED);
}
process.stdout.write(`${JSON.stringify(runScenario(parsed.scenario), null, 2)}\n`);
