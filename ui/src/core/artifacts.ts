/**
 * Loads the generated artifacts. They are bundled (not fetched) because the UI is built from the same commit
 * as `generated/`. The manifest is in the entry chunk: every page needs it before anything shows, and a chunk
 * of its own would be one more round trip before the first paint. Each form is its own lazy chunk so a page
 * downloads only its entity's form. Globs rather than plain imports keep the build working before `npm run
 * gen` has run: the missing file becomes a readable error at run time instead of a failed build.
 */
import type { FormDef, Manifest } from './types';

const manifestModules = import.meta.glob<Manifest>('../../../generated/manifest.json', { import: 'default', eager: true });
const formModules = import.meta.glob<FormDef>('../../../generated/forms/*.json', { import: 'default' });

/** The manifest, or the error that says how to get one. */
export function bundledManifest(): Manifest | Error {
  return Object.values(manifestModules).at(0) ?? new Error('generated/manifest.json is missing: run npm run gen');
}

export function loadFormDef(entity: string): Promise<FormDef> {
  const entry = Object.entries(formModules).find(([path]) => path.endsWith(`/forms/${entity}.json`));
  if (!entry) return Promise.reject(new Error(`generated/forms/${entity}.json is missing`));
  return entry[1]();
}
