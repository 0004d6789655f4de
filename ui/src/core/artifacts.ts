/**
 * Loads the generated artifacts, built from the same commit as `generated/`. The manifest travels as a file of its
 * own (ui/manifest-file.ts: a hashed asset index.html preloads, fetched once at start), not inside the entry chunk:
 * on a slow phone its 200 kB made the entry's download and evaluation longer before anything showed (issue 15
 * item 8). The entry keeps the three keys it needs before the manifest arrives (`bootManifest`: the API base,
 * the routes and the shells, to start the session's calls and the first page's code). The dev server bundles the
 * manifest instead (a lazy chunk). Each form is its own lazy chunk so a page downloads only its entity's form.
 * Globs rather than plain imports keep the build working before `npm run gen` has run: the missing file becomes
 * a readable error at run time instead of a failed build.
 */
import { loadBundledManifest, manifestUrl } from 'virtual:webpos-manifest';
import { isRecord } from './guards';
import type { FormDef, Manifest } from './types';

const apiBases = import.meta.glob<Manifest['apiBase']>('../../../generated/manifest.json', { import: 'apiBase', eager: true });
const routeLists = import.meta.glob<Manifest['routes']>('../../../generated/manifest.json', { import: 'routes', eager: true });
const shellLists = import.meta.glob<Manifest['shells']>('../../../generated/manifest.json', { import: 'shells', eager: true });
const formModules = import.meta.glob<FormDef>('../../../generated/forms/*.json', { import: 'default' });

const MISSING = 'generated/manifest.json is missing: run npm run gen';

/** What the entry knows of the manifest before it arrives. */
export type BootManifest = Pick<Manifest, 'apiBase' | 'routes' | 'shells'>;

export function bootManifest(): BootManifest | Error {
  const apiBase = Object.values(apiBases).at(0);
  const routes = Object.values(routeLists).at(0);
  const shells = Object.values(shellLists).at(0);
  return apiBase === undefined || !routes || !shells ? new Error(MISSING) : { apiBase, routes, shells };
}

let loading: Promise<Manifest | Error> | undefined;

/** The whole manifest (fetched once; index.html has already started its download), or the error that says why not. */
export function loadManifest(): Promise<Manifest | Error> {
  loading ??= fetchManifest().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  return loading;
}

async function fetchManifest(): Promise<Manifest | Error> {
  if (manifestUrl !== null) {
    const answer = await fetch(manifestUrl);
    if (!answer.ok) return new Error(`${manifestUrl}: ${answer.status}`);
    const manifest: unknown = await answer.json();
    return isManifest(manifest) ? manifest : new Error(`${manifestUrl}: not a manifest`);
  }
  return loadBundledManifest ? loadBundledManifest() : new Error(MISSING);
}

/** The file is the build's own (generator/emitters/manifest.ts checks it against its type): a glance at its shape is enough. */
function isManifest(value: unknown): value is Manifest {
  return isRecord(value) && typeof value.apiBase === 'string' && Array.isArray(value.routes) && isRecord(value.entities);
}

export function loadFormDef(entity: string): Promise<FormDef> {
  const entry = Object.entries(formModules).find(([path]) => path.endsWith(`/forms/${entity}.json`));
  if (!entry) return Promise.reject(new Error(`generated/forms/${entity}.json is missing`));
  return entry[1]();
}
