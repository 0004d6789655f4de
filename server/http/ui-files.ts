/**
 * The built shell (dist/ui) behind the API: compressed, with caching that matches what each file is.
 * Vite names every file under assets/ by a hash of its content, so a browser may keep those for a year
 * without asking again; index.html names the current hashes, so it is revalidated on every visit and a
 * deployment reaches users on their next page load. Any other path outside the API and assets/ answers
 * index.html: the shell's router draws the page (the SPA fallback), and a signed-in page's frame and title
 * are already in it (server/http/first-paint.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { type Request, type RequestHandler } from 'express';
import { firstPageOf, firstPaintMarkup, isFirstPaintManifest, type FirstPaintManifest } from './first-paint.js';
import type { RecordTitleOf } from './record-title.js';
import { cookieValue, SESSION_HINT_COOKIE } from './session-cookie.js';

const HASHED_ASSETS = /[\\/]assets[\\/]/;
const A_YEAR = 'public, max-age=31536000, immutable';
const ALWAYS_REVALIDATE = 'no-cache';
/** ui/index.html's loader, between these comments, is what a first paint replaces. */
const LOADER = /<!--first-paint-->[\s\S]*?<!--\/first-paint-->/;
const MANIFEST_LINK = /<link rel="preload" href="(\/assets\/manifest-[\w-]+\.json)"/;

/** `recordTitleOf`: names the record a form's address opens, for the caller of the page load (server/http/record-title.ts). */
export function uiFiles(uiDir: string, apiBase: string, recordTitleOf?: RecordTitleOf): RequestHandler[] {
  const files = express.static(uiDir, {
    index: false,
    setHeaders: (res, path) => { res.setHeader('Cache-Control', HASHED_ASSETS.test(path) ? A_YEAR : ALWAYS_REVALIDATE); },
  });
  const manifests = manifestFiles(uiDir);
  const shell: RequestHandler = async (req, res, next) => {
    // A missing asset is a 404, not the page: a script tag given HTML fails in ways nobody can read.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith(`${apiBase}/`) || HASHED_ASSETS.test(req.path)) { next(); return; }
    // Read at every visit, as the file was: a new build in place is served at once.
    const index = await readFile(join(uiDir, 'index.html'), 'utf8');
    const page = await withFirstPaint(index, req, manifests, recordTitleOf);
    // A record's name is the caller's to see: no shared cache keeps that page. Any page depends on the cookies.
    res.setHeader('Cache-Control', page.personal ? `private, ${ALWAYS_REVALIDATE}` : ALWAYS_REVALIDATE);
    res.setHeader('Vary', 'Cookie');
    res.type('html').send(page.html);
  };
  return [files, shell];
}

async function withFirstPaint(index: string, req: Request, manifests: (href: string) => Promise<FirstPaintManifest | undefined>, recordTitleOf: RecordTitleOf | undefined): Promise<{ html: string; personal: boolean }> {
  const plain = { html: index, personal: false };
  // No session may exist: the login page comes next, not a frame.
  if (cookieValue(req.headers.cookie, SESSION_HINT_COOKIE) === undefined) return plain;
  const href = MANIFEST_LINK.exec(index)?.[1];
  const manifest = href === undefined ? undefined : await manifests(href);
  const query = req.originalUrl.indexOf('?');
  const page = manifest && firstPageOf(manifest, req.path, query < 0 ? '' : req.originalUrl.slice(query));
  if (!page) return plain;
  const title = page.record && recordTitleOf ? await recordTitleOf(req, page.record) : page.title;
  return { html: index.replace(LOADER, () => firstPaintMarkup({ ...page, title })), personal: page.record !== undefined && title !== undefined };
}

/** The manifest index.html names, read once per build (its name changes with its content). */
function manifestFiles(uiDir: string): (href: string) => Promise<FirstPaintManifest | undefined> {
  let last: { href: string; manifest: Promise<FirstPaintManifest | undefined> } | undefined;
  return (href) => {
    if (last?.href !== href) {
      // A file that cannot be read or is not a manifest: the pages keep the plain loader.
      const manifest = readFile(join(uiDir, href), 'utf8').then((text): FirstPaintManifest | undefined => {
        const value: unknown = JSON.parse(text);
        return isFirstPaintManifest(value) ? value : undefined;
      }).catch(() => undefined);
      last = { href, manifest };
    }
    return last.manifest;
  };
}
