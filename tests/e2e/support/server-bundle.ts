/**
 * The server the browser tests start, as one ES module bundled by esbuild from server/main.ts: the same
 * code, loaded by plain node instead of through tsx's loader, which resolved and looked up some 300 source
 * files at each of the suite's 50-odd starts. A start from the template took 1.9 s of CPU with tsx and 1.0 s
 * from the bundle (measured on 2026-11-27). Packages stay outside it, in node_modules, so drivers and native
 * modules load as they do under `npm start`; the source map puts the sources' lines in a failing test's
 * server log.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { ROOT, SERVER_BUNDLE } from './app-server';

export async function bundleServer(): Promise<void> {
  await build({
    entryPoints: [join(ROOT, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}
