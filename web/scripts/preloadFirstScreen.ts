import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The screens most visits start on: an auction's lot list (its chunks also serve the lot page). */
const FIRST_SCREENS = ['/src/lots/LotListPage.tsx'];

/**
 * Adds `<link rel="modulepreload">` for the lot list's route chunks to the built index.html, so a
 * first visit downloads them beside the entry instead of after the entry has run and the router has
 * asked for them: one round trip less before the lots and the banner (Lighthouse's lot list).
 * Other screens pay a few kilobytes they may need next anyway (the shell, the card, the dialog).
 */
export function preloadFirstScreen(): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // The entry and what it imports statically are preloaded by Vite already.
        const known = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (file: string) => {
          if (known.has(file)) return;
          known.add(file);
          wanted.push(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        for (const screen of FIRST_SCREENS) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(screen));
          if (chunk) visit(chunk.fileName);
        }
        return wanted.map(
          (file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}
