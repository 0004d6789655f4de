/**
 * The built shell (dist/ui) behind the API: compressed, with caching that matches what each file is.
 * Vite names every file under assets/ by a hash of its content, so a browser may keep those for a year
 * without asking again; index.html names the current hashes, so it is revalidated on every visit and a
 * deployment reaches users on their next page load. Any other path outside the API and assets/ answers
 * index.html: the shell's router draws the page (the SPA fallback).
 */
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';

const HASHED_ASSETS = /[\\/]assets[\\/]/;
const A_YEAR = 'public, max-age=31536000, immutable';
const ALWAYS_REVALIDATE = 'no-cache';

export function uiFiles(uiDir: string, apiBase: string): RequestHandler[] {
  const files = express.static(uiDir, {
    index: false,
    setHeaders: (res, path) => { res.setHeader('Cache-Control', HASHED_ASSETS.test(path) ? A_YEAR : ALWAYS_REVALIDATE); },
  });
  const shell: RequestHandler = (req, res, next) => {
    // A missing asset is a 404, not the page: a script tag given HTML fails in ways nobody can read.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith(`${apiBase}/`) || HASHED_ASSETS.test(req.path)) { next(); return; }
    res.setHeader('Cache-Control', ALWAYS_REVALIDATE);
    res.sendFile(join(uiDir, 'index.html'));
  };
  return [files, shell];
}
