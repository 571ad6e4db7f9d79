import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** The catalogs the app imports as text (src/i18n/messages.ts). */
const CATALOG_TEXT = /\/src\/i18n\/(en|fr)\.json\?raw$/;

/**
 * The catalogs reach the app as text, each parsed when its language is first shown. The build
 * sends each message already compiled (the ICU parser's syntax tree, as the formatjs CLI's
 * `compile --ast` would), on one line: on a phone, parsing each message the first time a screen
 * showed it was a share of the first render's long task, and with no message left to parse the app
 * ships without the parser (vite.config.ts). About 2 kB more gzipped per language. Tests and the
 * development server import the files as they are, and react-intl parses them there.
 */
export function compactCatalogs(): Plugin {
  return {
    name: 'compact-catalogs',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      if (!CATALOG_TEXT.test(id)) return null;
      const messages = JSON.parse(readFileSync(id.replace(/\?raw$/, ''), 'utf8')) as Record<string, string>;
      const compiled = JSON.stringify(
        Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)])),
      );
      // In single quotes, as Vite writes JSON: the text's many double quotes then need no escaping.
      const literal = compiled
        .replace(/\\/g, '\\\\')
        .replace(/'/g, "\\'")
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029');
      return `export default '${literal}';`;
    },
  };
}
