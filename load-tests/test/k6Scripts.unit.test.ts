import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const K6 = resolve(import.meta.dirname, '../k6');
const LIB = join(K6, 'lib');
const scripts = readdirSync(K6).filter((name) => name.endsWith('.js'));
const libs = readdirSync(LIB).filter((name) => name.endsWith('.js'));

const K6_MODULE = /^k6(\/|$)/;

/** What esbuild finds when it parses the file as an ES module, leaving every import unresolved. */
async function parse(file: string) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    external: ['*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const input = Object.values(result.metafile.inputs)[0];
  return { imports: input?.imports.map((i) => i.path) ?? [], format: input?.format };
}

/** The script with its lib/ files bundled in, as k6 loads it: only k6's own modules are left outside. */
async function bundle(name: string) {
  const result = await build({
    entryPoints: [join(K6, name)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    external: ['k6', 'k6/*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  return {
    errors: result.errors,
    exports: output?.exports ?? [],
    imports: output?.imports.map((i) => i.path) ?? [],
    text: result.outputFiles[0]?.text ?? '',
  };
}

describe('the k6 scripts', () => {
  it('are the three scenarios', () => {
    expect(scripts.sort()).toEqual(['browse.js', 'closing-minute.js', 'hot-lot.js']);
  });

  it.each(scripts)('%s parses as an ES module importing k6 modules and lib/ only', async (name) => {
    const { imports, format } = await parse(join(K6, name));
    expect(format).toBe('esm');
    expect(imports.some((specifier) => K6_MODULE.test(specifier))).toBe(true);
    for (const specifier of imports) expect(specifier).toMatch(/^k6(\/|$)|^\.\/lib\/[\w-]+\.js$/);
  });

  it.each(scripts)(
    '%s bundles with lib/ and exports its options, a setup and the functions its scenarios run',
    async (name) => {
      const { errors, exports, imports, text } = await bundle(name);
      expect(errors).toEqual([]);
      for (const specifier of imports) expect(specifier).toMatch(K6_MODULE);
      const scenarioFunctions = [...text.matchAll(/\bexec: ["'](\w+)["']/g)].map((match) => match[1]);
      expect(scenarioFunctions.length).toBeGreaterThan(0);
      expect(exports).toEqual(expect.arrayContaining(['options', 'setup', ...scenarioFunctions]));
    },
  );

  it('closing-minute uses a ramping arrival rate, WebSocket watchers and thresholds', async () => {
    const { imports, text } = await bundle('closing-minute.js');
    expect(imports).toContain('k6/websockets');
    expect(text).toMatch(/executor: ["']ramping-arrival-rate["']/);
    expect(text).toMatch(/thresholds: \{/);
  });
});

describe('the code the k6 scripts share, in lib/', () => {
  it('is there', () => {
    expect(libs.length).toBeGreaterThan(0);
  });

  it.each(libs)('lib/%s parses as an ES module importing k6 modules and other lib/ files only', async (name) => {
    const { imports, format } = await parse(join(LIB, name));
    expect(format).toBe('esm');
    for (const specifier of imports) expect(specifier).toMatch(/^k6(\/|$)|^\.\/[\w-]+\.js$/);
  });
});
