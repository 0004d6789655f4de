/**
 * Seed 001 §2, §5, §6 on the merchant record: the web variant a merchant reads of its own record
 * (/esercente/anaeseweb, MERCHANT_ANAGRAFICA) and never another merchant's; virtual merchants (PW, MO) governed by
 * GES_ESER_VIRTUALE instead of GES_ESER, action by action; and the e-mail typed twice, which must match and is
 * never stored, on merchants and stores.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const FORBIDDEN = { code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [] };
const EMAILS_DIFFER = 'I campi "Email" e "Conferma Email" devono coincidere';
const invalid = (...details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details });
const manifest: { routes: { path: string; kind: string; entity?: string; permission?: string; shell: string; readOnly?: boolean }[]; shells: { name: string; alsoUnder: string[] }[] } =
  JSON.parse(readFileSync('generated/manifest.json', 'utf8'));

let app: TestApp;
let as: Record<string, TestApp['request']>;
let seq = 0;
/** A new merchant of bank 30480, branch 01600 (filiale.30480's), VAT number only. */
const merchant = (extra: Record<string, unknown> = {}) => ({
  codEser: `00077${String(++seq).padStart(2, '0')}`, codAbi: '30480', cab: '01600', ds: 'Merceria di Prova', tipoSoggettoEser: '2', pivaEser: '01234560124', ...extra,
});
const save = async (user: string, url: string, change: Record<string, unknown>) => {
  const read = await as[user].get(url);
  expect(read.status, `${user} GET ${url}`).toBe(200);
  return as[user].put(url).set('If-Match', read.headers.etag).send({ ...read.body, ...change });
};

beforeAll(async () => {
  app = await createTestApp();
  as = { assistenza: app.request };
  for (const user of ['sede.30480', 'filiale.30480']) as[user] = await app.loginAs(user);
  for (const user of ['merchant.0001234', 'operatore.0001234']) as[user] = await app.loginAs(user, 'merchant');
});
afterAll(() => app.close());

describe('the web variant of the merchant record (seed 001 §2 MERCHANT_ANAGRAFICA)', () => {
  it("is a read-only route of the merchant's shell, behind MERCHANT_ANAGRAFICA, which the merchant holds", async () => {
    expect(manifest.routes.find((r) => r.path.startsWith('/esercente/anaeseweb/'))).toEqual({
      path: '/esercente/anaeseweb/E/:codEser?/:negozio?/:pagina?/:posid?', kind: 'form', entity: 'Esercente',
      permission: 'MERCHANT_ANAGRAFICA:VISUALIZZAZIONE', shell: 'business', title: 'Anagrafica esercente', readOnly: true,
    });
    expect(manifest.shells.find((s) => s.name === 'business')?.alsoUnder).toEqual(['/esercente/anaeseweb']);
    for (const user of ['merchant.0001234', 'operatore.0001234']) {
      const grants = await as[user].get(`${API}/funzioni/MERCHANT_ANAGRAFICA/permessi`);
      expect(grants.status, user).toBe(200);
      expect(grants.body, user).toContain('VISUALIZZAZIONE');
    }
  });

  it('answers the merchant its own record with representative, owners and stores, and another merchant nothing (404)', async () => {
    const me = as['merchant.0001234'];
    const own = await me.get(`${API}/esercenti/0001234`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ codEser: '0001234', ds: 'Bar Centrale S.r.l.' });
    expect(own.body).not.toHaveProperty('emailConferma');
    for (const path of ['esercenti/0002345', 'esercenti/0004567', 'esercenti/0003456', 'esercenti/0002345/titolari', 'esercenti/0002345/negozi']) {
      const res = await me.get(`${API}/${path}`);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body), path).not.toContain('Ferramenta');
    }
  });

  it('lets the merchant change nothing of its record: not the record, not its owners', async () => {
    const me = as['merchant.0001234'];
    expect((await save('merchant.0001234', `${API}/esercenti/0001234`, { telefono: '000' })).status).toBe(403);
    const owners = await me.get(`${API}/esercenti/0001234/titolari`);
    expect((await me.put(`${API}/esercenti/0001234/titolari`).set('If-Match', owners.headers.etag).send([])).status).toBe(403);
    expect((await me.post(`${API}/esercenti`).send(merchant())).status).toBe(403);
  });
});

describe('GES_ESER_VIRTUALE governs virtual merchants (seed 001 §6)', () => {
  it('VISUALIZZAZIONE: the head office opens its PayWay merchant, the branch (GES_ESER only) is refused, though it finds it', async () => {
    expect((await as['sede.30480'].get(`${API}/esercenti/0004567`)).body).toMatchObject({ codEser: '0004567', tipo: 'PW' });
    const branch = await as['filiale.30480'].get(`${API}/esercenti/0004567`);
    expect(branch.status).toBe(403);
    expect(branch.body).toEqual(FORBIDDEN);
    expect((await as['filiale.30480'].get(`${API}/esercenti/0004567/titolari`)).status).toBe(403);
    // The search is ANAG_ESERCENTE: it lists virtual merchants too.
    expect((await as['filiale.30480'].get(`${API}/esercenti?codEser=0004567`)).body.results.map((r: { codEser: string }) => r.codEser)).toEqual(['0004567']);
    // A non-virtual merchant of the same branch opens as before.
    expect((await as['filiale.30480'].get(`${API}/esercenti/0001234`)).status).toBe(200);
  });

  it('AGGIORNAMENTO: the head office changes its PayWay merchant; the branch may not, nor make one of its merchants virtual', async () => {
    const changed = await save('sede.30480', `${API}/esercenti/0004567`, { telefono: '02 7654321' });
    expect(changed.status).toBe(200);
    expect(changed.body.telefono).toBe('02 7654321');
    const body = merchant();
    expect((await as['filiale.30480'].post(`${API}/esercenti`).send(body)).status).toBe(201);
    const turned = await save('filiale.30480', `${API}/esercenti/${body.codEser}`, { tipo: 'MO' });
    expect(turned.status).toBe(403);
    expect(turned.body).toEqual(FORBIDDEN);
    expect((await as['filiale.30480'].get(`${API}/esercenti/${body.codEser}`)).body.tipo).toBe('FI');
    // The head office, which holds GES_ESER_VIRTUALE:AGGIORNAMENTO, may.
    expect((await save('sede.30480', `${API}/esercenti/${body.codEser}`, { tipo: 'MO' })).status).toBe(200);
  });

  it('CREAZIONE: without it on GES_ESER_VIRTUALE the head office creates no PayWay or MO.TO merchant (its POS ones it does); assistance does', async () => {
    for (const tipo of ['PW', 'MO']) {
      const body = merchant({ tipo });
      const refused = await as['sede.30480'].post(`${API}/esercenti`).send(body);
      expect(refused.status, tipo).toBe(403);
      expect(refused.body, tipo).toEqual(FORBIDDEN);
      expect((await as.assistenza.get(`${API}/esercenti/${body.codEser}`)).status, tipo).toBe(404);
    }
    expect((await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ tipo: 'PWM' }))).status).toBe(201);
    expect((await as.assistenza.post(`${API}/esercenti`).send(merchant({ tipo: 'PW' }))).status).toBe(201);
  });
});

describe('the e-mail typed twice (seed 001 §5)', () => {
  it('a merchant saved with two different e-mails is refused with the seed message on the confirmation; equal ones save, and the repeat is not stored', async () => {
    const differ = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ email: 'info@merceria.example', emailConferma: 'inf@merceria.example' }));
    expect(differ.status).toBe(400);
    expect(differ.body).toEqual(invalid({ field: 'emailConferma', message: EMAILS_DIFFER }));
    const body = merchant({ email: 'info@merceria.example', emailConferma: 'info@merceria.example' });
    const created = await as['sede.30480'].post(`${API}/esercenti`).send(body);
    expect(created.status).toBe(201);
    expect(created.body.email).toBe('info@merceria.example');
    expect(created.body).not.toHaveProperty('emailConferma');
    const url = `${API}/esercenti/${body.codEser}`;
    const changed = await save('sede.30480', url, { email: 'nuova@merceria.example', emailConferma: 'info@merceria.example' });
    expect(changed.body).toEqual(invalid({ field: 'emailConferma', message: EMAILS_DIFFER }));
    // Emptying the e-mail needs an empty confirmation too.
    expect((await save('sede.30480', url, { email: null, emailConferma: 'info@merceria.example' })).body).toEqual(invalid({ field: 'emailConferma', message: EMAILS_DIFFER }));
    expect((await save('sede.30480', url, { email: 'nuova@merceria.example', emailConferma: 'nuova@merceria.example' })).status).toBe(200);
    // A client that does not send the confirmation (an API integration) is not refused.
    expect((await save('sede.30480', url, { email: 'altra@merceria.example' })).status).toBe(200);
  });

  it('a malformed confirmation is refused like the e-mail itself', async () => {
    const res = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ email: 'info@merceria.example', emailConferma: 'info?@merceria.example' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'emailConferma', message: 'Mail non valida.' });
  });

  it("a store's e-mail is typed twice too", async () => {
    const url = `${API}/negozi/1002`;
    expect((await save('sede.30480', url, { email: 'negozio@bar.example', emailConferma: 'negozi@bar.example' })).body).toEqual(invalid({ field: 'emailConferma', message: EMAILS_DIFFER }));
    const saved = await save('sede.30480', url, { email: 'negozio@bar.example', emailConferma: 'negozio@bar.example' });
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('emailConferma');
  });
});

describe("the store's sign and its merchant category (seed 001 §5)", () => {
  const SIGN = "L'insegna deve contenere una delle parole chiave della categoria merceologica";
  const url = `${API}/negozi/1002`;

  it("refuses a sign without a keyword of the category, on the sign; a keyword in any case and accent passes", async () => {
    expect((await save('sede.30480', url, { insegna: 'Tabacchi Centrale' })).body).toEqual(invalid({ field: 'insegna', message: SIGN }));
    const saved = await save('sede.30480', url, { insegna: 'Caffè Centrale Stazione' });
    expect(saved.status).toBe(200);
    expect(saved.body.insegna).toBe('Caffè Centrale Stazione');
  });

  it('checks the sign against the new category when the category changes; a category without keywords takes any sign, none at all is refused', async () => {
    expect((await save('sede.30480', url, { abcid: '5411', desAttivitaCommerciale: 'Supermercati' })).body).toEqual(invalid({ field: 'insegna', message: SIGN }));
    expect((await save('sede.30480', url, { abcid: '5411', insegna: 'Market Centrale Stazione' })).status).toBe(200);
    expect((await save('sede.30480', url, { abcid: '9999', insegna: 'Tabacchi Centrale' })).status).toBe(200);
    // Seed 001 §5: the sign requires a category (tests/server/esercenti-regole.test.ts).
    expect((await save('sede.30480', url, { abcid: null, insegna: 'Tabacchi Centrale' })).body).toEqual(invalid({ field: 'abcid', message: 'Indicare la categoria merceologica del negozio' }));
    expect((await save('sede.30480', url, { abcid: '5812', insegna: 'Bar Centrale Stazione' })).status).toBe(200);
  });
});
