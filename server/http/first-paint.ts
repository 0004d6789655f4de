/**
 * The first paint of a signed-in page (issue 15 item 8): the HTML the server answers for a page of the shell already
 * holds its frame (the header bar, the side menu's column) and its title, so a slow phone shows what page it is on
 * while the code downloads, instead of a blank "Caricamento…". React's first render replaces it with the same
 * frame and title in the same place (ui/index.html styles it to match).
 *
 * The frame is drawn when the session hint says a session may exist. A list's, report's or dashboard's title is the
 * manifest's (a public file); a record's is read for the caller whose session the page load carries, as the API
 * would answer it (server/http/record-title.ts). A visitor, a public page, an extension and the shells' own paths
 * (homes, logins) keep the plain loader. Pure functions here; the reading is the caller's (ui-files.ts).
 */
import escapeHtml from 'escape-html';
import { federatedEntryOf } from '../../common/federated-entry.js';
import { listTitle } from '../../common/page-titles.js';
import { shellOwnPaths } from '../../common/shells.js';
import type { AccessEntity } from '../../common/record-access.js';
import { isRecord } from '../records.js';

interface ManifestRoute { path: string; kind: string; entity?: string; title?: string; shell: string; public?: boolean; permission?: string; readOnly?: boolean }
interface ManifestShell { name: string; layout: string; home: string; prefix: string; loginRealm: string; users: string[] }
/** An entity as the manifest describes it: its titles, key, display fields and what its operations need. */
export interface ManifestEntity extends AccessEntity { title?: string; label: string; labelPlural: string; key: string[]; display: string[] }
/** The parts of the UI's manifest (generated/manifest.json, built into dist/ui/assets) the first paint reads. */
export interface FirstPaintManifest {
  routes: ManifestRoute[];
  shells: ManifestShell[];
  entities: Record<string, ManifestEntity>;
}

/** The record a form's address names, which the caller's session may let the server name (server/http/record-title.ts). */
export interface FirstRecord { entity: ManifestEntity; entityName: string; key: Record<string, string>; permission?: string; shellUsers: string[] }

/** What the page's first paint shows: its shell's frame and, where the manifest names it, its title. */
export interface FirstPage { layout: string; kind: string; title?: string; record?: FirstRecord }

/** The page `path` (with its `search`) opens, as the shell's router would pick it; undefined: keep the plain loader. */
export function firstPageOf(manifest: FirstPaintManifest, path: string, search: string): FirstPage | undefined {
  if (federatedEntryOf(search)) return undefined;
  const shellPaths = shellOwnPaths(manifest.shells);
  if (shellPaths.has(path)) return undefined;
  const match = bestMatch(manifest.routes.filter((r) => !r.public && !shellPaths.has(r.path)), path);
  const shell = match && manifest.shells.find((s) => s.name === match.route.shell);
  if (!match || !shell) return undefined;
  const { route, params } = match;
  const record = recordOf(manifest, route, params, shell);
  return { layout: shell.layout, kind: route.kind, title: titleOf(manifest, route), ...(record ? { record } : {}) };
}

/** A form's record, when the address names its whole key; a read-only view decides its access otherwise: none. */
function recordOf(manifest: FirstPaintManifest, route: ManifestRoute, params: Readonly<Partial<Record<string, string>>>, shell: ManifestShell): FirstRecord | undefined {
  const entity = route.kind === 'form' && !route.readOnly && route.entity !== undefined ? manifest.entities[route.entity] : undefined;
  if (!entity || route.entity === undefined) return undefined;
  const key: Record<string, string> = {};
  for (const field of entity.key) {
    const value = params[field];
    if (value === undefined || value === '') return undefined;
    key[field] = value;
  }
  return { entity, entityName: route.entity, key, ...(route.permission === undefined ? {} : { permission: route.permission }), shellUsers: shell.users };
}

function titleOf(manifest: FirstPaintManifest, route: ManifestRoute): string | undefined {
  if (route.kind === 'list') {
    const entity = route.entity === undefined ? undefined : manifest.entities[route.entity];
    return entity && listTitle(entity);
  }
  if (route.kind === 'report' || route.kind === 'dashboard') return route.title;
  // A form's title names its record (FirstRecord, named for the caller) or says "Inserimento" when the address has
  // no key yet, which the page may still turn into its caller's own record; an extension draws its own.
  return undefined;
}

/**
 * The route of `path`, by react-router's rule: every segment matches (`:name` any one segment, `:name?` one or
 * none), and of several matches the one with more literal segments wins.
 */
function bestMatch(routes: readonly ManifestRoute[], path: string): { route: ManifestRoute; params: Record<string, string> } | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { route: ManifestRoute; params: Record<string, string>; literal: number } | undefined;
  for (const route of routes) {
    const match = matched(route.path.split('/').filter(Boolean), segments);
    if (match && (!best || match.literal > best.literal)) best = { route, ...match };
  }
  return best;
}

function matched(pattern: readonly string[], segments: readonly string[]): { params: Record<string, string>; literal: number } | undefined {
  const params: Record<string, string> = {};
  let literal = 0;
  let at = 0;
  for (const part of pattern) {
    const raw = segments.at(at);
    const segment = raw === undefined ? undefined : decodeSegment(raw);
    if (raw !== undefined && segment === undefined) return undefined;
    if (part.startsWith(':')) {
      if (segment !== undefined) {
        params[part.slice(1).replace(/\?$/, '')] = segment;
        at++;
      } else if (!part.endsWith('?')) return undefined;
      continue;
    }
    if (segment !== part) return undefined;
    literal++;
    at++;
  }
  return at === segments.length ? { params, literal } : undefined;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The markup that replaces the loader inside index.html's root: the frame, the title, and the loader under it. */
export function firstPaintMarkup(page: FirstPage): string {
  const title = page.title === undefined ? '' : `<h1 class="fp-title">${escapeHtml(page.title)}</h1>`;
  return `<div class="fp fp-${escapeHtml(page.layout)} fp-${escapeHtml(page.kind)}"><div class="fp-header"></div><div class="fp-nav"></div>`
    + `<div class="fp-main">${title}<div role="status" class="fp-status">Caricamento…</div></div></div>`;
}

/** The manifest file the shell loads, as index.html names it; a guard, since the file comes from the build. */
export function isFirstPaintManifest(value: unknown): value is FirstPaintManifest {
  return isRecord(value) && Array.isArray(value.routes) && value.routes.every(isRoute)
    && Array.isArray(value.shells) && value.shells.every(isShell) && isRecord(value.entities) && Object.values(value.entities).every(isEntity);
}

function isEntity(value: unknown): value is ManifestEntity {
  return isRecord(value) && typeof value.label === 'string' && typeof value.labelPlural === 'string' && (value.title === undefined || typeof value.title === 'string')
    && isStrings(value.key) && isStrings(value.display) && isStrings(value.operations) && isRecord(value.permissions);
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function isRoute(value: unknown): value is ManifestRoute {
  const optional = (v: unknown, type: 'string' | 'boolean') => v === undefined || typeof v === type;
  return isRecord(value) && typeof value.path === 'string' && typeof value.kind === 'string' && typeof value.shell === 'string'
    && optional(value.entity, 'string') && optional(value.title, 'string') && optional(value.permission, 'string')
    && optional(value.public, 'boolean') && optional(value.readOnly, 'boolean');
}

function isShell(value: unknown): value is ManifestShell {
  return isRecord(value) && ['name', 'layout', 'home', 'prefix', 'loginRealm'].every((k) => typeof value[k] === 'string') && isStrings(value.users);
}
