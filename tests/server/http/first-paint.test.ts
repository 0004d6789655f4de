/**
 * Which page an address opens, as the server reads it for the first paint (server/http/first-paint.ts): the
 * router's match, the title the manifest gives it, and the pages that keep the plain loader.
 */
import { describe, expect, it } from 'vitest';
import { firstPageOf, firstPaintMarkup, isFirstPaintManifest, type FirstPaintManifest } from '../../../server/http/first-paint.js';

const MANIFEST: FirstPaintManifest = {
  shells: [
    { name: 'bank', layout: 'sidebar', home: '/home', prefix: '/', loginRealm: 'banca', users: ['bank', 'assistance'] },
    { name: 'business', layout: 'topbar', home: '/wpbusiness/home', prefix: '/wpbusiness', loginRealm: 'merchant', users: ['merchant'] },
  ],
  entities: {
    Articolo: { label: 'Articolo', labelPlural: 'Articoli', key: ['codice'], display: ['codice', 'nome'], operations: ['get'], permissions: {} },
    Banca: { label: 'Banca', labelPlural: 'Banche', title: 'Anagrafica <banche> & "filiali"', key: ['codAbi'], display: ['codAbi'], operations: [], permissions: {} },
  },
  routes: [
    { path: '/catalogo/articoli', kind: 'list', entity: 'Articolo', shell: 'bank' },
    { path: '/catalogo/articoli/articolo/:codice?', kind: 'form', entity: 'Articolo', shell: 'bank', permission: 'ART:VISUALIZZAZIONE' },
    { path: '/catalogo/vista/:codice', kind: 'form', entity: 'Articolo', shell: 'bank', readOnly: true },
    { path: '/catalogo/articoli/:vista', kind: 'list', entity: 'Banca', shell: 'bank' },
    { path: '/catalogo/articoli/speciali', kind: 'report', title: 'Articoli speciali', shell: 'bank' },
    { path: '/wpbusiness/home', kind: 'dashboard', title: 'Transato degli ultimi 7 giorni', shell: 'business' },
    { path: '/wpbusiness/analisi', kind: 'report', title: 'Analisi transazioni', shell: 'business' },
    { path: '/about', kind: 'extension', title: 'Informazioni', shell: 'bank', public: true },
  ],
};

describe('firstPageOf', () => {
  it("a list names its entity's title, else its plural label, in its shell's frame", () => {
    expect(firstPageOf(MANIFEST, '/catalogo/articoli', '')).toEqual({ layout: 'sidebar', kind: 'list', title: 'Articoli' });
    expect(firstPageOf(MANIFEST, '/catalogo/articoli', '?page=3&sort=codice')).toEqual({ layout: 'sidebar', kind: 'list', title: 'Articoli' });
    expect(firstPageOf(MANIFEST, '/catalogo/articoli/altri', '')?.title).toBe('Anagrafica <banche> & "filiali"');
  });

  it('a literal segment wins over a parameter, as in the router', () => {
    expect(firstPageOf(MANIFEST, '/catalogo/articoli/speciali', '')).toEqual({ layout: 'sidebar', kind: 'report', title: 'Articoli speciali' });
    expect(firstPageOf(MANIFEST, '/wpbusiness/analisi', '')).toEqual({ layout: 'topbar', kind: 'report', title: 'Analisi transazioni' });
  });

  it('a form has its frame; with its whole key, the record for the caller to name, with what opening the page needs', () => {
    expect(firstPageOf(MANIFEST, '/catalogo/articoli/articolo/A%2F1', '')).toEqual({
      layout: 'sidebar', kind: 'form', title: undefined,
      record: { entity: MANIFEST.entities.Articolo, entityName: 'Articolo', key: { codice: 'A/1' }, permission: 'ART:VISUALIZZAZIONE', shellUsers: ['bank', 'assistance'] },
    });
    // A create form, and a read-only view (which decides its access otherwise): no record.
    expect(firstPageOf(MANIFEST, '/catalogo/articoli/articolo', '')).toEqual({ layout: 'sidebar', kind: 'form', title: undefined });
    expect(firstPageOf(MANIFEST, '/catalogo/vista/A1', '')).toEqual({ layout: 'sidebar', kind: 'form', title: undefined });
    // A segment that is not a valid escape opens nothing the server could name.
    expect(firstPageOf(MANIFEST, '/catalogo/articoli/articolo/%E0%A4%A', '')).toBeUndefined();
  });

  it('homes, logins, public pages, unknown addresses and a federated entry keep the plain loader', () => {
    for (const path of ['/', '/home', '/wpbusiness/home', '/wpbusiness', '/login/banca', '/login', '/resetPassword', '/about', '/catalogo', '/catalogo/articoli/articolo/1/2']) {
      expect(firstPageOf(MANIFEST, path, ''), path).toBeUndefined();
    }
    expect(firstPageOf(MANIFEST, '/catalogo/articoli', '?sinergia_id=abc&FEU=banca')).toBeUndefined();
  });
});

describe('firstPaintMarkup', () => {
  it('escapes the title and keeps the loader under it', () => {
    expect(firstPaintMarkup({ layout: 'sidebar', kind: 'list', title: 'Anagrafica <banche> & "filiali"' })).toBe(
      '<div class="fp fp-sidebar fp-list"><div class="fp-header"></div><div class="fp-nav"></div>'
      + '<div class="fp-main"><h1 class="fp-title">Anagrafica &lt;banche&gt; &amp; &quot;filiali&quot;</h1><div role="status" class="fp-status">Caricamento…</div></div></div>',
    );
    expect(firstPaintMarkup({ layout: 'topbar', kind: 'form' })).not.toContain('<h1');
  });
});

describe('isFirstPaintManifest', () => {
  it('accepts the manifest and refuses what is not one', () => {
    expect(isFirstPaintManifest(MANIFEST)).toBe(true);
    expect(isFirstPaintManifest({ ...MANIFEST, routes: [{ path: '/x' }] })).toBe(false);
    expect(isFirstPaintManifest({ ...MANIFEST, entities: { X: { label: 'x', labelPlural: 'xs' } } })).toBe(false);
    expect(isFirstPaintManifest({ ...MANIFEST, shells: [{ ...MANIFEST.shells[0], users: 'bank' }] })).toBe(false);
    expect(isFirstPaintManifest([])).toBe(false);
  });
});
