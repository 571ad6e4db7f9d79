import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The catalogs the app imports as text (src/i18n/messages.ts). */
const CATALOG_TEXT = /\/src\/i18n\/(en|fr)\.json\?raw$/;

/**
 * The catalogs reach the app as text, each parsed when its language is first shown. Imported as
 * written, the text keeps the files' indentation (11 kB more gzipped than the two together as
 * data); the build sends it without: the same JSON, on one line. Tests import the files as they are.
 */
export function compactCatalogs(): Plugin {
  return {
    name: 'compact-catalogs',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      if (!CATALOG_TEXT.test(id)) return null;
      const compact = JSON.stringify(JSON.parse(readFileSync(id.replace(/\?raw$/, ''), 'utf8')));
      // In single quotes, as Vite writes JSON: the text's many double quotes then need no escaping.
      const literal = compact
        .replace(/\\/g, '\\\\')
        .replace(/'/g, "\\'")
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029');
      return `export default '${literal}';`;
    },
  };
}
