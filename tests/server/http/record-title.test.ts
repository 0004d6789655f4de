/**
 * A record page's first paint names its record for the caller of the page load (server/http/record-title.ts,
 * first-paint.ts), as the form page will: "Modifica" for who may change it, the name alone for who only reads
 * it, and nothing for who may not open it (another bank's record, another shell, no session).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { FIXTURE_GENERATED_DIR } from '../../support/fixture-paths.js';
import { API, DEMO_PASSWORD, type TestApp } from '../../support/test-app.js';

const uiDir = mkdtempSync(join(tmpdir(), 'webpos-ui-record-'));
const INDEX = '<!doctype html><html><head><link rel="preload" href="/assets/manifest-f1x.json" as="fetch" crossorigin></head>'
  + '<body><div id="root"><!--first-paint--><div role="status">Caricamento…</div><!--/first-paint--></div></body></html>';
mkdirSync(join(uiDir, 'assets'));
writeFileSync(join(uiDir, 'index.html'), INDEX);
copyFileSync(join(FIXTURE_GENERATED_DIR, 'manifest.json'), join(uiDir, 'assets', 'manifest-f1x.json'));

let app: TestApp;
beforeAll(async () => { app = await createFixtureApp({ uiDir }); });
afterAll(async () => {
  await app.close();
  rmSync(uiDir, { recursive: true, force: true });
});

/** The session cookie login writes, as the browser sends it back with the hint. */
async function cookiesOf(username: string, userType = 'banca'): Promise<string> {
  const res = await app.anonymous.post(`${API}/authorization/auth?userType=${userType}`).send({ username, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  const token = (res.get('Set-Cookie') ?? []).find((c) => c.startsWith('WP_TOKEN=') && !c.startsWith('WP_TOKEN=;'));
  return `${token?.split(';')[0] ?? ''}; WP_SESSION=1`;
}

const titleOf = (html: string) => /<h1 class="fp-title">([^<]*)<\/h1>/.exec(html)?.[1];
const FRAME = '<div id="root"><div class="fp fp-sidebar fp-form">';

describe("a record page's first paint", () => {
  it('names the record for who may change it (a field of it included), the name alone for who only reads it', async () => {
    for (const [user, path, title] of [
      ['assistenza', '/catalogo/articoli/articolo/ALFA01', 'Modifica Articolo ALFA01 - Romanzo giallo'],
      ['sede.10001', '/catalogo/articoli/articolo/ALFA01', 'Modifica Articolo ALFA01 - Romanzo giallo'],
      // Its notes only (VARIAZIONE_NOTE): the form, not the record view.
      ['filiale.10001', '/catalogo/articoli/articolo/ALFA01', 'Modifica Articolo ALFA01 - Romanzo giallo'],
      ['filiale.10001', '/anagrafiche/anaBanca/formBanca/10001', 'Banca 10001 - Banca Alfa'],
    ] as const) {
      const res = await app.anonymous.get(path).set('Cookie', await cookiesOf(user));
      expect(res.status, user).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toContain('Cookie');
      expect(titleOf(res.text), user).toBe(title);
    }
  });

  it("another bank's record, a page the user may not open, another shell's user, a hint without a session: the frame or the plain loader, no name", async () => {
    const otherBank = await app.anonymous.get('/catalogo/articoli/articolo/ALFA01').set('Cookie', await cookiesOf('sede.20002'));
    expect(otherBank.text).toContain(FRAME);
    expect(otherBank.text).not.toContain('Romanzo giallo');
    // Articles are not for a guest (the route's permission): the form page will say "not authorised".
    const guest = await app.anonymous.get('/catalogo/articoli/articolo/ALFA01').set('Cookie', await cookiesOf('ospite.10001'));
    expect(guest.text).toContain(FRAME);
    expect(guest.text).not.toContain('Romanzo giallo');
    const merchant = await app.anonymous.get('/catalogo/articoli/articolo/ALFA01').set('Cookie', await cookiesOf('esercente.0000001', 'merchant'));
    expect(merchant.text).not.toContain('Romanzo giallo');
    const hintOnly = await app.anonymous.get('/catalogo/articoli/articolo/ALFA01').set('Cookie', 'WP_SESSION=1; WP_TOKEN=sessione-finita');
    expect(hintOnly.text).toContain(FRAME);
    expect(titleOf(hintOnly.text)).toBeUndefined();
    const missing = await app.anonymous.get('/catalogo/articoli/articolo/NESSUNO').set('Cookie', await cookiesOf('assistenza'));
    expect(titleOf(missing.text)).toBeUndefined();
  });

  it('a list keeps the title the manifest gives it; a create form has none', async () => {
    const cookies = await cookiesOf('sede.10001');
    expect(titleOf((await app.anonymous.get('/catalogo/articoli').set('Cookie', cookies)).text)).toBe('Articoli');
    expect(titleOf((await app.anonymous.get('/catalogo/articoli/articolo').set('Cookie', cookies)).text)).toBeUndefined();
  });
});
