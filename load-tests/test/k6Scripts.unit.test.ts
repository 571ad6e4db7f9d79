import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const K6 = resolve(import.meta.dirname, '../k6');
const scripts = readdirSync(K6).filter((name) => name.endsWith('.js'));

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

describe('the k6 scripts', () => {
  it('are the three scenarios', () => {
    expect(scripts.sort()).toEqual(['browse.js', 'closing-minute.js', 'hot-lot.js']);
  });

  it.each(scripts)('%s parses as an ES module importing k6 modules only', async (name) => {
    const { imports, format } = await parse(join(K6, name));
    expect(format).toBe('esm');
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) expect(specifier).toMatch(/^k6(\/|$)/);
  });

  it.each(scripts)('%s exports its options, a setup and the functions its scenarios run', async (name) => {
    const { metafile } = await build({
      entryPoints: [join(K6, name)],
      bundle: true,
      format: 'esm',
      external: ['*'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const output = Object.values(metafile.outputs)[0];
    expect(output?.exports).toEqual(expect.arrayContaining(['options', 'setup']));
  });

  it('closing-minute uses a ramping arrival rate, WebSocket watchers and thresholds', async () => {
    const { imports } = await parse(join(K6, 'closing-minute.js'));
    expect(imports).toContain('k6/websockets');
    const text = readFileSync(join(K6, 'closing-minute.js'), 'utf8');
    expect(text).toContain("executor: 'ramping-arrival-rate'");
    expect(text).toMatch(/thresholds: \{/);
  });
});
