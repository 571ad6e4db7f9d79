import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';

/**
 * The product's processes as plain JavaScript, for `node api/dist/main.js` and
 * `node workers/dist/main.js` without tsx.
 *
 * The workspaces export their TypeScript sources (`@auction/engine` is engine/src/index.ts), which
 * is what tsx, Vitest and the type checker read in development. Rather than a second set of package
 * entry points for compiled files, each process's entry is bundled: the `@auction/*` workspaces are
 * compiled into it, and every npm package stays an import resolved from node_modules at run time
 * (native modules and bull-board's static files keep working as installed). Each bundle sits in its
 * own workspace, as its sources do, so it resolves the versions that workspace installed (api has
 * nested ones) and paths computed from import.meta.dirname (the API's ../../web/dist) hold.
 */
export const ROOT = resolve(import.meta.dirname, '..');

/** Output file (without .js, relative to the root) → entry source. */
export const PROCESS_ENTRIES = {
  'api/dist/main': 'api/src/main.ts',
  // The migrations job of a deployment (docker-compose's `migrate`); api's, as it can load the demo.
  'api/dist/migrate': 'scripts/migrate.ts',
  'workers/dist/main': 'workers/src/main.ts',
  'projections/dist/rebuild': 'projections/src/cli/rebuild.ts',
} as const;

/**
 * npm packages stay external; the workspaces' own files are declared free of side effects, so what
 * a process does not use (platform's embedded PostgreSQL for `npm start`, say) is left out along
 * with its imports. No module of the workspaces is imported for its side effects alone.
 */
const workspacesInline: Plugin = {
  name: 'workspaces-inline',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'inner' || args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('.') && !args.path.startsWith('@auction/')) return { path: args.path, external: true };
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'inner',
      });
      return resolved.errors.length ? resolved : { path: resolved.path, sideEffects: false };
    });
  },
};

/**
 * Writes the bundles (and their source maps). `entries` defaults to every process; a test may
 * write some elsewhere, as long as the output stays inside the workspace whose packages it uses.
 */
export async function compileProcesses(entries: Record<string, string> = PROCESS_ENTRIES): Promise<string[]> {
  if (entries === PROCESS_ENTRIES) {
    for (const workspace of ['api', 'workers', 'projections']) {
      rmSync(resolve(ROOT, workspace, 'dist'), { recursive: true, force: true });
    }
  }
  const api = Object.entries(entries).filter(([, source]) => source === API_MAIN);
  const others = Object.fromEntries(Object.entries(entries).filter(([, source]) => source !== API_MAIN));
  if (Object.keys(others).length) await build({ ...common, entryPoints: others, outdir: ROOT });
  for (const [name] of api) await compileApi(dirname(name));
  return Object.keys(entries).map((name) => `${name}.js`);
}

const API_MAIN = 'api/src/main.ts';
/** The API's folders that @fastify/autoload reads at run time, file by file. */
const AUTOLOADED = ['plugins', 'routes'];

const common: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces name the source files (with --enable-source-maps); the sources stay out.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [workspacesInline],
};

/**
 * The API loads its plugins and routes with @fastify/autoload, which imports every file of
 * api/src/plugins and api/src/routes at run time: each becomes an entry of its own, at the same
 * place under `outdir` as under api/src, and the code they share is split into chunks beside
 * main.js (so a module exists once, and paths computed from import.meta.dirname in shared code,
 * the autoloaded folders and the web app's ../../web/dist, hold as they do in api/src).
 */
async function compileApi(outdir: string): Promise<void> {
  const source = resolve(ROOT, 'api/src');
  const entryPoints: Record<string, string> = { main: API_MAIN };
  for (const folder of AUTOLOADED) {
    const files = readdirSync(join(source, folder), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
      const path = join(folder, file);
      entryPoints[path.replace(/\.ts$/, '')] = relative(ROOT, join(source, path));
    }
  }
  await build({ ...common, entryPoints, outdir: resolve(ROOT, outdir), splitting: true, chunkNames: '[name]-[hash]' });
}
