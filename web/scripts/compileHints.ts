import type { Plugin, Rollup } from 'vite';
import { firstScreenChunks } from './preloadFirstScreen.ts';

/**
 * V8's explicit compile hint: a script that starts with this comment has all its functions compiled
 * while it streams in, on a background thread, instead of each one on the main thread the first
 * time it is called (https://v8.dev/blog/explicit-compile-hints).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks a first visit runs at once (the entry and what it imports, the router, the lot
 * list's and the lot page's chunks) with V8's compile hint. On a phone most of the entry's
 * evaluation, the page's longest task, was compiling React's and the app's functions lazily on
 * the main thread: measured on the lot page, its blocking time fell by a fifth and its longest
 * task by a quarter (docs/web.md "Lighthouse"). Other chunks load on demand and keep V8's
 * lazy compilation, so code the visit never calls is not compiled for it.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // Last, after Vite has prefixed the chunks that load others with their list of dependencies:
    // V8 reads the hint only at the very start of a script.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map(
          Object.values(bundle).flatMap(
            (c): Array<[string, Rollup.OutputChunk]> => (c.type === 'chunk' ? [[c.fileName, c]] : []),
          ),
        );
        const { always, perScreen } = firstScreenChunks(bundle);
        const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
        const starts = [
          ...entries,
          ...always,
          ...Object.values(perScreen)
            .flat()
            .map((href) => href.slice(1)),
        ];
        // Runs after minification (it would drop the comment), so the files' hashes do not cover it:
        // the same build always adds it to the same chunks, so a name still names one content.
        const hinted = new Set<string>();
        const visit = (file: string) => {
          const chunk = chunks.get(file);
          if (!chunk || hinted.has(file)) return;
          hinted.add(file);
          chunk.code = COMPILE_HINT + chunk.code;
          for (const next of chunk.imports) visit(next);
        };
        for (const file of starts) visit(file);
      },
    },
  };
}
