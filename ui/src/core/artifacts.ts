/**
 * Loads the generated artifacts. They are bundled (not fetched) because the UI is built from the same commit
 * as `generated/`; each form is its own lazy chunk so a page downloads only its entity's form. A glob rather
 * than a plain import keeps the build working before `npm run gen` has run: the missing file becomes a
 * readable error at run time instead of a failed build.
 */
import type { FormDef, Manifest } from './types';

const manifestModules = import.meta.glob<Manifest>('../../../generated/manifest.json', { import: 'default' });
const formModules = import.meta.glob<FormDef>('../../../generated/forms/*.json', { import: 'default' });

let manifestPromise: Promise<Manifest> | undefined;

export function loadManifest(): Promise<Manifest> {
  if (!manifestPromise) {
    const load = Object.values(manifestModules).at(0);
    manifestPromise = load ? load() : Promise.reject(new Error('generated/manifest.json is missing: run npm run gen'));
  }
  return manifestPromise;
}

export function loadFormDef(entity: string): Promise<FormDef> {
  const entry = Object.entries(formModules).find(([path]) => path.endsWith(`/forms/${entity}.json`));
  if (!entry) return Promise.reject(new Error(`generated/forms/${entity}.json is missing`));
  return entry[1]();
}
