import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { compileProcesses, ROOT } from './compileProcesses.ts';

/**
 * `npm run build`: type-check, compile the API, the workers, the migrations and the projections'
 * rebuild to JavaScript (scripts/compileProcesses.ts), and build the web app the API serves.
 */
const log = (line: string) => console.log(`[build] ${line}`);

function run(command: string, args: string[], cwd = ROOT): void {
  // Inside a test runner NODE_ENV=test would give the web app React's development build.
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    console.error(`[build] ${command} ${args.join(' ')} failed (see above).`);
    process.exit(1);
  }
}

if (!process.argv.includes('--no-check')) {
  log('Type checking…');
  run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
}
log('Compiling the API, the workers and the projections…');
log(`Wrote ${(await compileProcesses()).join(', ')}.`);
log('Building the web app…');
run('npx', ['vite', 'build', '--logLevel', 'warn'], resolve(ROOT, 'web'));
log('Done: `node api/dist/migrate.js`, then `node api/dist/main.js` and `node workers/dist/main.js`.');
