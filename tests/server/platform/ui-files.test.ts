/**
 * The built shell as the server hands it out (server/http/ui-files.ts, issue 15 item 8): compressed as the
 * browser accepts (Brotli, else gzip), hashed assets cached for a year, index.html revalidated on every
 * visit, the SPA fallback for the shell's own routes, and a 404 for an asset that does not exist.
 * API answers over 1 kB are compressed too; the login answer, which carries the token, is not. A signed-in page's
 * HTML holds its frame and title (server/http/first-paint.ts) in place of the loader.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, DEMO_PASSWORD, type TestApp } from '../../support/test-app.js';

const uiDir = mkdtempSync(join(tmpdir(), 'webpos-ui-'));
const LOADER = '<div role="status">Caricamento…</div>';
const INDEX = '<!doctype html><html><head><link rel="preload" href="/assets/manifest-7a2b.json" as="fetch" crossorigin></head>'
  + `<body><div id="root"><!--first-paint-->${LOADER}<!--/first-paint--></div><script type="module" src="/assets/index-3f9a1c.js"></script></body></html>`;
const MANIFEST = {
  shells: [{ name: 'bank', layout: 'sidebar', home: '/home', prefix: '/', loginRealm: 'banca', users: ['bank', 'assistance'] }],
  entities: { Articolo: { label: 'Articolo', labelPlural: 'Articoli', key: ['codice'], display: ['codice'], operations: ['get'], permissions: {} } },
  routes: [
    { path: '/catalogo/articoli', kind: 'list', entity: 'Articolo', shell: 'bank' },
    { path: '/catalogo/articoli/articolo/:codice?', kind: 'form', entity: 'Articolo', shell: 'bank' },
  ],
};
// Over the 1 kB threshold, and compressible: what a real bundle looks like to the compressor.
const SCRIPT = `export const labels = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Etichetta numero ${i}`))};\n`;
mkdirSync(join(uiDir, 'assets'));
writeFileSync(join(uiDir, 'index.html'), INDEX);
writeFileSync(join(uiDir, 'assets', 'index-3f9a1c.js'), SCRIPT);
writeFileSync(join(uiDir, 'assets', 'manifest-7a2b.json'), JSON.stringify(MANIFEST));

let app: TestApp;
beforeAll(async () => { app = await createFixtureApp({ uiDir }); });
afterAll(async () => {
  await app.close();
  rmSync(uiDir, { recursive: true, force: true });
});

describe('the shell files', () => {
  it('a hashed asset: Brotli when accepted, cached for a year as immutable', async () => {
    const res = await app.anonymous.get('/assets/index-3f9a1c.js').set('Accept-Encoding', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe(SCRIPT); // decoded by the client, as a browser does
  });

  it('gzip for a client that accepts only gzip', async () => {
    const res = await app.anonymous.get('/assets/index-3f9a1c.js').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(SCRIPT);
  });

  it("the shell's routes answer index.html, revalidated on every visit", async () => {
    for (const path of ['/', '/catalogo/articoli', '/login/banca']) {
      const res = await app.anonymous.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Cookie');
      expect(res.text).toBe(INDEX);
    }
  });

  it("with the session hint, a list's page comes with its frame and title; a record's, without a session, with its frame only", async () => {
    const list = await app.anonymous.get('/catalogo/articoli?page=2').set('Cookie', 'WP_SESSION=1');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.text).toContain('<div id="root"><div class="fp fp-sidebar fp-list"><div class="fp-header"></div><div class="fp-nav"></div><div class="fp-main"><h1 class="fp-title">Articoli</h1><div role="status" class="fp-status">Caricamento…</div></div></div></div>');
    const record = await app.anonymous.get('/catalogo/articoli/articolo/A1').set('Cookie', 'WP_SESSION=1');
    expect(record.text).toContain('<div id="root"><div class="fp fp-sidebar fp-form">');
    expect(record.text).not.toContain('<h1');
    // The login page and an unknown address: the plain loader, as for a visitor.
    for (const path of ['/login/banca', '/non/esiste']) {
      expect((await app.anonymous.get(path).set('Cookie', 'WP_SESSION=1')).text, path).toBe(INDEX);
    }
  });

  it('an asset that does not exist is a 404, not the page', async () => {
    const res = await app.anonymous.get('/assets/index-000000.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('a list over 1 kB is compressed; the login answer with its token is not', async () => {
    const login = await app.anonymous.post(`${API}/authorization/auth?userType=banca`).set('Accept-Encoding', 'gzip').send({ username: 'assistenza', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    const list = await app.request.get(`${API}/banche`).set('Accept-Encoding', 'gzip');
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.results.length).toBeGreaterThan(0);
  });
});
