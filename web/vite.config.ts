import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compactCatalogs } from './scripts/compactCatalogs.ts';
import { compileHints } from './scripts/compileHints.ts';
import { precompress } from './scripts/precompress.ts';
import { preloadFirstScreen } from './scripts/preloadFirstScreen.ts';

// Anchored to this folder so `vite build web` from the repository root and `vite build` here agree.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command }) => ({
  root,
  plugins: [compactCatalogs(), react(), preloadFirstScreen(), compileHints(), precompress()],
  // The built catalogs are compiled messages (scripts/compactCatalogs.ts), so the app needs no ICU
  // parser: react-intl's formatter gets the parser's types and checks without the parser itself.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ],
        }
      : {},
  // The manifest lets scripts/bundle-budget.ts follow a route's chunks.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    // Same-origin /api in development too, like production where the API process serves dist/.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
}));
