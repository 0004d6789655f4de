/**
 * A Vite plugin that turns a change of the UI's generated artifacts (generated/manifest.json, forms/*.json)
 * into one full page reload instead of module hot replacement. The shell reads them once into React state
 * and contexts (ui/src/core/artifacts.ts, useManifest.ts, session.tsx): Fast Refresh would re-run the
 * modules that create those contexts and leave the page blank ("useSession outside SessionProvider").
 * A reload keeps the route and the session (its token is a cookie) and shows the new spec everywhere.
 * One reload per burst: the generator writes several files at once.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';

const BURST_MS = 30;

export function reloadOnGenerated(rootDir: string): Plugin {
  const generatedDir = join(rootDir, 'generated').split('\\').join('/') + '/';
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'webpos-dev-reload-on-generated',
    apply: 'serve',
    hotUpdate: {
      // After Vite's own import-glob plugin, which adds artifacts.ts when a form file appears or goes.
      order: 'post',
      handler({ file, modules }) {
        if (this.environment.name !== 'client' || !file.startsWith(generatedDir)) return;
        if (modules.length === 0) return []; // not loaded by the page (model.json, openapi.json, types/)
        // The changed file is already invalidated; the glob importers (artifacts.ts) are not yet.
        for (const mod of modules) this.environment.moduleGraph.invalidateModule(mod);
        clearTimeout(timer);
        const hot = this.environment.hot;
        timer = setTimeout(() => hot.send({ type: 'full-reload', path: '*' }), BURST_MS);
        return [];
      },
    },
  };
}
