/**
 * Vite config for the admin shell. Root is ui/, output goes to dist/ui where the Express server serves it
 * with an SPA fallback; in development /webpos is proxied to that server so the UI calls the same origin.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { manifestFile } from './manifest-file.js';
import { precompiledFormValidators } from './precompiled-validators.js';

/**
 * Mantine's components and hooks with the small packages they use (and the icons, the dates): imported by
 * almost every page, each in its own small file unless grouped. The large libraries of one kind of page
 * (the table, the forms, the charts) stay in their pages' files.
 */
const MANTINE = /node_modules[\\/](@mantine[\\/](core|hooks|dates)|@tabler[\\/]icons-react|dayjs|clsx|tslib|react-remove-scroll[^\\/]*|react-style-singleton|use-[a-z-]+|react-number-format|react-textarea-autosize|@floating-ui[\\/][^\\/]+|tabbable)[\\/]/;

const uiRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(uiRoot, '..');
const pkg: unknown = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8'));
if (typeof pkg !== 'object' || pkg === null || !('version' in pkg) || typeof pkg.version !== 'string') {
  throw new Error('package.json has no version for __APP_VERSION__');
}

export default defineConfig({
  root: uiRoot,
  base: '/',
  // Form validators compiled at build time: the Content-Security-Policy forbids Ajv's run-time eval.
  plugins: [react(), precompiledFormValidators(repoRoot), manifestFile(repoRoot)],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  // postcss.config.cjs sits next to this file, not in the repository root where Vite would look by default.
  css: { postcss: uiRoot },
  build: {
    outDir: resolve(repoRoot, 'dist/ui'),
    emptyOutDir: true,
    // Mantine alone is about 100 kB gzipped; the warning at 500 kB minified is about the route chunks. The form
    // chunk carries the validators compiled at build time (about 170 kB, precompiled-validators.ts).
    chunkSizeWarningLimit: 750,
    rolldownOptions: {
      output: {
        // Fewer, larger files (issue 15 item 8): left to itself the bundler cut the first screen into 31 files and a
        // list page into 72, and a browser fetches six at a time from one server, so on a slow network every six
        // small files cost a round trip. Everything the entry imports statically is one file; the libraries the
        // pages share are one more, fetched with the first page.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            { name: 'mantine', test: MANTINE, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    // generated/ and common/ live outside ui/ and are imported by the UI.
    fs: { allow: [repoRoot] },
    // changeOrigin false: the API's CSRF check compares the browser's Origin with the Host it was sent to
    // (docs/security.md#csrf), so the proxy keeps the browser's Host (Vite's shorthand would rewrite it).
    proxy: { '/webpos': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
