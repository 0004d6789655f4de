/**
 * Builds the UI with its own Vite config into a temp folder (with a manifest) and sizes what a browser
 * downloads: the initial JavaScript (the entry chunk and every chunk it imports statically, which
 * index.html preloads) and each lazily loaded chunk (a route's page, with the chunks it alone needs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runTimed, type ChildRun } from './timed-child.js';

interface ManifestChunk { file: string; src?: string; name?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>;

export interface Size { raw: number; gzip: number }
export interface LazyChunk { source: string; file: string; own: Size; /** own + static imports not already in the initial JS */ total: Size }
export interface UiSizes { initialJs: Size; initialFiles: number; initialCss: Size; lazy: LazyChunk[] }

export function buildUi(outDir: string): Promise<ChildRun> {
  return runTimed(['node_modules/vite/bin/vite.js', 'build', '--config', 'ui/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn']);
}

export function measureSizes(outDir: string): UiSizes {
  const manifest: Manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const size = (files: Iterable<string>): Size => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const content = readFileSync(join(outDir, file));
      raw += content.length;
      gzip += gzipSync(content).length; // zlib's default level (6), what a typical server or proxy uses
    }
    return { raw, gzip };
  };
  /** The manifest keys reachable from `key` through static imports, `key` included. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk');
  const initial = closure(entryKey);
  const files = (keys: Iterable<string>) => [...keys].map((k) => manifest[k].file);
  const initialCss = new Set([...initial].flatMap((k) => manifest[k].css ?? []));
  const lazy = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry)
    .map((k) => {
      const own = closure(k);
      const extra = [...own].filter((x) => !initial.has(x));
      return { source: manifest[k].src ?? k, file: manifest[k].file, own: size([manifest[k].file]), total: size(files(extra)) };
    })
    .sort((a, b) => b.total.gzip - a.total.gzip);
  return { initialJs: size(files(initial)), initialFiles: initial.size, initialCss: size(initialCss), lazy };
}
