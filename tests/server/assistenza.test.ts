/**
 * Assistance back-office: municipalities and promotions (seed 000 §3, §4, §7 "municipalities (find, save,
 * delete), promotions (find, save, list)", §8 the irreversible-operation warning and the messages
 * 'Comune salvato correttamente', 'Comune eliminato correttamente', 'Promozione salvata correttamente'),
 * and the link duration default 24 (§9).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

const invalid = (...details: { field: string; message: string }[]) => ({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details });
const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };
const openapi = JSON.parse(readFileSync('generated/openapi.json', 'utf8'));
const comuneForm = JSON.parse(readFileSync('generated/forms/Comune.json', 'utf8'));
const manifest = JSON.parse(readFileSync('generated/manifest.json', 'utf8'));

describe('municipalities: find', () => {
  it('finds by name as a case-insensitive wildcard', async () => {
    const res = await app.request.get(`${API}/assistenza/comuni?comune=OM`);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ idComune: '058091', comune: 'Roma', provincia: 'RM', codiceCatastale: 'H501', capUnico: '00100' }]);
  });

  it('finds by province exactly', async () => {
    const res = await app.request.get(`${API}/assistenza/comuni?provincia=CN`);
    expect(res.body.results.map((c: { comune: string }) => c.comune)).toEqual(['Alba']);
    expect((await app.request.get(`${API}/assistenza/comuni?provincia=C`)).body.totalCount).toBe(0);
  });

  it('answers one municipality by its code', async () => {
    const res = await app.request.get(`${API}/assistenza/comuni/015146`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ idComune: '015146', comune: 'Milano', provincia: 'MI', codiceCatastale: 'F205', capUnico: '20100', cab: [{ idComune: '015146', cab: '01600' }] });
    expect(res.body.cap).toHaveLength(42);
    expect(res.body.cap[0]).toEqual({ idComune: '015146', cap: '20121' });
  });

  it('is refused to a user without ASS_BO (403)', async () => {
    const sede = await app.loginAs('sede.30480');
    const res = await sede.get(`${API}/assistenza/comuni`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await sede.post(`${API}/assistenza/comuni`).send({ idComune: '099999', comune: 'X', provincia: 'XX' })).status).toBe(403);
    expect((await sede.get(`${API}/assistenza/promozioni`)).status).toBe(403);
  });
});

describe('municipalities: save and delete', () => {
  it("creates and updates with 'Comune salvato correttamente', deletes with 'Comune eliminato correttamente'", async () => {
    const created = await app.request.post(`${API}/assistenza/comuni`).send({ idComune: '048017', comune: 'Firenze', provincia: 'FI' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ idComune: '048017', comune: 'Firenze', provincia: 'FI', codiceCatastale: null, capUnico: null, cap: [], cab: [] });

    const url = `${API}/assistenza/comuni/048017`;
    const updated = await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ idComune: '048017', comune: 'Firenze centro', provincia: 'FI' });
    expect(updated.status).toBe(200);
    expect(updated.body.comune).toBe('Firenze centro');

    const deleted = await app.request.delete(url).set('If-Match', await etagOf(app.request, url));
    expect(deleted.status).toBe(204);
    expect((await app.request.get(url)).status).toBe(404);

    const paths = openapi.paths;
    expect(paths['/assistenza/comuni'].post['x-success-message']).toBe('Comune salvato correttamente');
    expect(paths['/assistenza/comuni/{idComune}'].put['x-success-message']).toBe('Comune salvato correttamente');
    expect(paths['/assistenza/comuni/{idComune}'].delete['x-success-message']).toBe('Comune eliminato correttamente');
    expect(comuneForm.success).toEqual({ create: 'Comune salvato correttamente', update: 'Comune salvato correttamente', delete: 'Comune eliminato correttamente' });
  });

  it('declares the irreversible-operation warning asked before the delete', () => {
    const warning = { title: 'Operazione irreversibile', message: "Il comune sarà eliminato definitivamente: l'operazione non è reversibile. Procedere?" };
    expect(comuneForm.deleteConfirmation).toEqual(warning);
    expect(manifest.entities.Comune.deleteConfirmation).toEqual(warning);
  });

  it('refuses a province that is not two capital letters and a code that is not 6 digits', async () => {
    const res = await app.request.post(`${API}/assistenza/comuni`).send({ idComune: '123', comune: 'Prova', provincia: 'mi' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(
      { field: 'idComune', message: 'Il campo  deve essere di 6 cifre' },
      { field: 'provincia', message: 'Sigla di provincia inesistente: indicare la sigla di 2 lettere maiuscole (es. MI)' },
    ));
  });

  it('needs If-Match to delete (428) and refuses a stale one (412)', async () => {
    const url = `${API}/assistenza/comuni/001272`;
    expect((await app.request.delete(url)).status).toBe(428);
    const stale = await etagOf(app.request, url);
    expect((await app.request.put(url).set('If-Match', stale).send({ idComune: '001272', comune: 'Torino città', provincia: 'TO' })).status).toBe(200);
    expect((await app.request.delete(url).set('If-Match', stale)).status).toBe(412);
  });
});

const PROMO = `${API}/assistenza/promozioni`;

describe('promotions', () => {
  it('lists and finds promotions with their associated banks', async () => {
    const list = await app.request.get(PROMO);
    expect(list.status).toBe(200);
    expect(list.body.results.map((p: { configId: string }) => p.configId)).toEqual(['PROMO_ESTATE', 'PROMO_SMARTPOS_2026']);
    const one = await app.request.get(`${PROMO}/PROMO_SMARTPOS_2026`);
    expect(one.body).toMatchObject({ descrizione: 'Smart POS a canone ridotto', modelliInPromo: '901,920', listiniInPromo: 'LST2026' });
    // Each associated bank by name too (child rows' `_labels`, docs/spec-language.md#references).
    expect(one.body.bancheAssociate).toEqual([
      { configId: 'PROMO_SMARTPOS_2026', codAbi: '30480', _labels: { codAbi: '30480 - Banca di Credito Cooperativo di Esempio' } },
      { configId: 'PROMO_SMARTPOS_2026', codAbi: '60855', _labels: { codAbi: '60855 - Banca Piemontese di Credito Cooperativo' } },
    ]);
    const children = await app.request.get(`${PROMO}/PROMO_SMARTPOS_2026/bancheAssociate`);
    expect(children.status).toBe(200);
    expect(children.body.map((b: { codAbi: string }) => b.codAbi)).toEqual(['30480', '60855']);
  });

  it("creates a promotion with its banks: 'Promozione salvata correttamente'", async () => {
    const res = await app.request.post(PROMO).send({
      configId: 'PROMO_TEST', descrizione: 'Prova', dataInizio: '2026-05-01', dataFine: '2026-05-01',
      modelliInPromo: '901', bancheAssociate: [{ codAbi: '34256' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.bancheAssociate).toEqual([{ configId: 'PROMO_TEST', codAbi: '34256', _labels: { codAbi: '34256 - Cassa Rurale Alpina' } }]);
    expect(openapi.paths['/assistenza/promozioni'].post['x-success-message']).toBe('Promozione salvata correttamente');
    expect(openapi.paths['/assistenza/promozioni/{configId}'].put['x-success-message']).toBe('Promozione salvata correttamente');
  });

  it('moves banks between the lists in one save with If-Match', async () => {
    const url = `${PROMO}/PROMO_SMARTPOS_2026`;
    const current = (await app.request.get(url)).body;
    const res = await app.request.put(url).set('If-Match', await etagOf(app.request, url))
      .send({ ...current, bancheAssociate: [{ codAbi: '60855' }, { codAbi: '08549' }] });
    expect(res.status).toBe(200);
    expect(res.body.bancheAssociate.map((b: { codAbi: string }) => b.codAbi)).toEqual(['08549', '60855']);
  });

  it('rolls the whole save back when one bank code does not exist', async () => {
    const url = `${PROMO}/PROMO_SMARTPOS_2026`;
    const before = (await app.request.get(url)).body;
    const res = await app.request.put(url).set('If-Match', await etagOf(app.request, url))
      .send({ ...before, descrizione: 'Cambiata', bancheAssociate: [{ codAbi: '30480' }, { codAbi: '99998' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'bancheAssociate.1.codAbi', message: 'Banca inesistente' }));
    expect((await app.request.get(url)).body).toEqual(before);
  });

  it('replaces the associated banks alone through the child list', async () => {
    const url = `${PROMO}/PROMO_ESTATE/bancheAssociate`;
    const res = await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send([{ codAbi: '30480' }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ configId: 'PROMO_ESTATE', codAbi: '30480' }]);
  });

  it("refuses an end before the start, in Italian, and changes nothing", async () => {
    const res = await app.request.post(PROMO).send({ configId: 'PROMO_ERR', descrizione: 'X', dataInizio: '2026-05-02', dataFine: '2026-05-01' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'dataFine', message: "La data di fine non può essere precedente alla data di inizio" }));
    expect((await app.request.get(`${PROMO}/PROMO_ERR`)).status).toBe(404);
  });

  it('refuses malformed model codes', async () => {
    const res = await app.request.post(PROMO).send({ configId: 'PROMO_ERR', descrizione: 'X', dataInizio: '2026-05-01', dataFine: '2026-05-02', modelliInPromo: '90,920' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'modelliInPromo', message: 'Indicare codici modello di 3 caratteri separati da virgola' }));
  });

  it('deletes a promotion with its banks', async () => {
    const url = `${PROMO}/PROMO_TEST`;
    expect((await app.request.delete(url).set('If-Match', await etagOf(app.request, url))).status).toBe(204);
    expect(await app.db('promozione_banca').where({ config_id: 'PROMO_TEST' })).toEqual([]);
  });
});

describe('promotions and a bank user granted ASS_BO', () => {
  /** bo.30480: a user of bank 30480 whose role grants every action of ASS_BO (scope: bank 30480 only). */
  async function bankUserWithAssBo() {
    const { password_hash } = await app.db('credenziale').where({ username: 'sede.30480' }).first();
    await app.db('ruolo').insert({ group_name: '30480', role_name: 'BO_PROVA', description: 'Back-office di prova' });
    for (const azione of ['VISUALIZZAZIONE', 'CREAZIONE', 'AGGIORNAMENTO', 'CANCELLAZIONE']) {
      await app.db('ruolo_permesso').insert({ group_name: '30480', role_name: 'BO_PROVA', funzione: 'ASS_BO', azione });
    }
    await app.db('utente').insert({ username: 'bo.30480', full_name: 'Back-office 30480', email: 'bo@test.example', group: '30480', locked: false, enabled: true });
    await app.db('utente_ruolo').insert({ username: 'bo.30480', role_name: 'BO_PROVA' });
    await app.db('credenziale').insert({ username: 'bo.30480', password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
    return app.loginAs('bo.30480');
  }

  it('may move its own bank but not another bank in or out (403), and nothing changes', async () => {
    const bo = await bankUserWithAssBo();
    const url = `${PROMO}/PROMO_ESTATE`;
    const current = (await bo.get(url)).body;
    const others = current.bancheAssociate.map((b: { codAbi: string }) => ({ codAbi: b.codAbi })).filter((b: { codAbi: string }) => b.codAbi !== '30480');
    const refused = await bo.put(url).set('If-Match', await etagOf(bo, url)).send({ ...current, bancheAssociate: [...current.bancheAssociate, { codAbi: '34256' }] });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    expect((await bo.get(url)).body).toEqual(current);
    const own = await bo.put(url).set('If-Match', await etagOf(bo, url)).send({ ...current, bancheAssociate: others });
    expect(own.status).toBe(200);
    expect(own.body.bancheAssociate.map((b: { codAbi: string }) => b.codAbi)).not.toContain('30480');
  });
});

describe('link duration', () => {
  it('defaults to 24 hours (DURATA_LINK)', async () => {
    const res = await app.request.get(`${API}/config/DURATA_LINK`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'DURATA_LINK', type: 'integer', value: '24', defaultValue: '24' });
  });
});
