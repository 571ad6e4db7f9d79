import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The router, which every page needs and the entry imports once React is evaluated (main.tsx), and
 * the screens most visits start on: an auction's lot list (its chunks also serve the lot page) and
 * the other auctions' carousel it shows, which would otherwise arrive after the lots and move them.
 */
const FIRST_SCREENS = ['/src/router.tsx', '/src/lots/LotListPage.tsx', '/src/auctions/OtherAuctionsCarousel.tsx'];
/**
 * The lot page's own chunks beyond the list's, which the server adds to a lot page's HTML only
 * (api/src/webApp/servePage.ts reads them from `first-screens.json`), so the list does not pay them.
 */
const PER_SCREEN = { lotDetail: '/src/lots/LotDetailPage.tsx' } as const;
export const FIRST_SCREENS_FILE = 'first-screens.json';
/** The header's words the server's first screen shows before the app runs, from the catalogs. */
const SHELL_KEYS = { login: 'header.login', languageSwitch: 'header.languageSwitch' } as const;

function shellText() {
  const text = (locale: 'en' | 'fr') => {
    const catalog = JSON.parse(readFileSync(resolve(import.meta.dirname, `../src/i18n/${locale}.json`), 'utf8'));
    return Object.fromEntries(Object.entries(SHELL_KEYS).map(([name, key]) => [name, String(catalog[key] ?? '')]));
  };
  return { en: text('en'), fr: text('fr') };
}

/**
 * The chunks a first visit needs beyond the entry and what it imports statically (which Vite
 * preloads already): the lot list's for every page, and each per-screen entry's extra ones.
 */
export function firstScreenChunks(bundle: OutputBundle) {
  const chunks = Object.values(bundle).flatMap((c): OutputChunk[] => (c.type === 'chunk' ? [c] : []));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const known = new Set(entry ? [entry.fileName, ...entry.imports] : []);
  const wanted: string[] = [];
  const visit = (file: string) => {
    if (known.has(file)) return;
    known.add(file);
    wanted.push(file);
    for (const next of byFile.get(file)?.imports ?? []) visit(next);
  };
  const screenChunk = (screen: string) => chunks.find((c) => c.facadeModuleId?.endsWith(screen));
  for (const screen of FIRST_SCREENS) {
    const chunk = screenChunk(screen);
    if (chunk) visit(chunk.fileName);
  }
  const always = [...wanted];
  const perScreen: Record<string, string[]> = {};
  for (const [name, screen] of Object.entries(PER_SCREEN)) {
    const chunk = screenChunk(screen);
    const before = wanted.length;
    if (chunk) visit(chunk.fileName);
    perScreen[name] = wanted.slice(before).map((file) => `/${file}`);
  }
  return { always, perScreen };
}

/**
 * Adds `<link rel="modulepreload">` for the lot list's route chunks to the built index.html, so a
 * first visit downloads them beside the entry instead of after the entry has run and the router has
 * asked for them: one round trip less before the lots and the banner (Lighthouse's lot list).
 * Other screens pay a few kilobytes they may need next anyway (the shell, the card, the dialog).
 * The lot page's further chunks go to `first-screens.json` for the server to add to lot pages.
 */
export function preloadFirstScreen(): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { perScreen } = firstScreenChunks(bundle);
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREENS_FILE,
        source: JSON.stringify({ ...perScreen, text: shellText() }),
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        return firstScreenChunks(bundle).always.map(
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
