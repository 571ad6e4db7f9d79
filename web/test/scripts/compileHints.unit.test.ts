import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../scripts/compileHints.ts';

const chunk = (fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    code: `/* ${fileName} */`,
    isEntry: false,
    facadeModuleId: null,
    ...extra,
  }) as Rollup.OutputChunk;

/** A build reduced to what the hint follows: the entry, a first screen's chunk and the console's. */
function build() {
  const bundle: Record<string, Rollup.OutputChunk> = {};
  for (const c of [
    chunk('assets/index-1.js', ['assets/react-1.js'], { isEntry: true }),
    chunk('assets/react-1.js', []),
    chunk('assets/router-1.js', ['assets/shared-1.js'], { facadeModuleId: '/app/src/router.tsx' }),
    chunk('assets/shared-1.js', []),
    chunk('assets/LotDetailPage-1.js', ['assets/sanitize-1.js'], { facadeModuleId: '/app/src/lots/LotDetailPage.tsx' }),
    chunk('assets/sanitize-1.js', []),
    chunk('assets/ConsolePage-1.js', ['assets/shared-1.js'], { facadeModuleId: '/app/src/console/ConsolePage.tsx' }),
  ])
    bundle[c.fileName] = c;
  const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: unknown) => void };
  hook.handler({}, bundle);
  return bundle;
}

describe("V8's compile hint on the chunks a first visit runs", () => {
  it('marks the entry, the first screens and everything they import, at the very start of each', () => {
    const bundle = build();
    const hinted = Object.values(bundle).filter((c) => c.code.startsWith(COMPILE_HINT));
    expect(hinted.map((c) => c.fileName).sort()).toEqual([
      'assets/LotDetailPage-1.js',
      'assets/index-1.js',
      'assets/react-1.js',
      'assets/router-1.js',
      'assets/sanitize-1.js',
      'assets/shared-1.js',
    ]);
    expect(bundle['assets/shared-1.js']?.code).toBe(`${COMPILE_HINT}/* assets/shared-1.js */`);
  });

  it('leaves the chunks loaded on demand to lazy compilation', () => {
    expect(build()['assets/ConsolePage-1.js']?.code).toBe('/* assets/ConsolePage-1.js */');
  });
});
