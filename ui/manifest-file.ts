/**
 * The manifest as a file of its own (issue 15 item 8). Bundled into the entry, generated/manifest.json made about
 * a quarter of the first screen's JavaScript (25 KiB gzip of 196), evaluated before anything showed. The build
 * emits it minified as a hashed asset (`assets/manifest-<hash>.json`, cached for a year like the rest) that
 * index.html preloads, so it downloads alongside the entry chunk rather than inside it; the entry keeps only the
 * few keys it reads before the first render (core/artifacts.ts: the API base, the routes and the shells, to start
 * the session's calls and the first page's code) and fetches the rest with JSON.parse's speed. The dev server and
 * a build without generated/ have no such file: `virtual:webpos-manifest` exports a null URL and, on the dev server, a
 * loader of the bundled manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:webpos-manifest';
const RESOLVED = '\0' + ID;
const NAME = 'manifest.json';

export function manifestFile(repoRoot: string): Plugin {
  const file = join(repoRoot, 'generated', NAME);
  let build = false;
  return {
    name: 'webpos-manifest-file',
    configResolved(config) { build = config.command === 'build'; },
    resolveId(id) { return id === ID ? RESOLVED : undefined; },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (!existsSync(file)) return 'export const manifestUrl = null; export const loadBundledManifest = null;';
      if (!build) return `export const manifestUrl = null; export const loadBundledManifest = () => import(${JSON.stringify(file)}).then((m) => m.default);`;
      this.addWatchFile(file);
      const ref = this.emitFile({ type: 'asset', name: NAME, source: JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))) });
      return `export const manifestUrl = import.meta.ROLLUP_FILE_URL_${ref}; export const loadBundledManifest = null;`;
    },
    // The preload starts the download with the entry's, before any script runs (crossorigin: the credentials mode of
    // a same-origin fetch(), so the fetch takes the preloaded answer).
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find((o) => o.type === 'asset' && o.names.includes(NAME));
        if (!asset) return [];
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'fetch', crossorigin: true }, injectTo: 'head' }];
      },
    },
  };
}
