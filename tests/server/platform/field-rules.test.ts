/**
 * What the spec says about a row's fields, enforced by the generic service on every save: rules that fill
 * or clear values, cross-field checks, server-set fields, who may write a field (writableBy,
 * reservedValues, editPermission), a transferList child's references, and the banners the document
 * carries. On the fixture's articles and orders (tests/fixtures/README.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { documentOperation } from '../../support/openapi.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent; // CAT_ARTICOLI: every action but VARIAZIONE_NOTE
let filiale: Agent; // CAT_ARTICOLI: VISUALIZZAZIONE and VARIAZIONE_NOTE only

const error = (code: string, errorMessage: string, details: { field: string; message: string }[] = []) => ({ code, errorMessage, details });
const forbidden = (field: string, message: string) => error('FORBIDDEN', 'Operazione non consentita', [{ field, message }]);
const invalid = (field: string, message: string) => error('VALIDATION_ERROR', 'Dati non validi', [{ field, message }]);
const article = (codice: string, body: Record<string, unknown> = {}) => ({ codice, codAbi: '10001', nome: `Articolo ${codice}`, categoria: 'LIB', prezzo: 2, ...body });
/** The article as a form sends it back: without its server-set stock. */
async function editable(agent: Agent, codice: string): Promise<Record<string, unknown>> {
  const { giacenza: _serverSet, _actions: _notAField, ...row } = (await agent.get(`${API}/articoli/${codice}`)).body;
  return row;
}
async function put(agent: Agent, codice: string, body: Record<string, unknown>) {
  return agent.put(`${API}/articoli/${codice}`).set('If-Match', await etagOf(agent, `${API}/articoli/${codice}`)).send(body);
}

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
  filiale = await app.loginAs('filiale.10001');
});
afterAll(() => app.close());

describe('rules and checks', () => {
  it('a rule fills a value the body leaves empty (the code\'s first 3 letters) and keeps one it gives', async () => {
    expect((await sede.post(`${API}/articoli`).send(article('REGO01'))).body.sigla).toBe('REG');
    expect((await sede.post(`${API}/articoli`).send(article('REGO02', { sigla: 'XYZ' }))).body.sigla).toBe('XYZ');
  });

  it('a rule clears a value when its condition holds (not available: no end of sale)', async () => {
    const res = await sede.post(`${API}/articoli`).send(article('REGO03', { disponibile: false, fineVendita: '2026-12-31' }));
    expect(res.status).toBe(201);
    expect(res.body.fineVendita).toBeNull();
  });

  it('a failing check is 400 with its message on its field, on create and update, for the row and its children', async () => {
    const message = "La fine della vendita non può precedere l'ingresso in listino";
    const created = await sede.post(`${API}/articoli`).send(article('REGO04', { dataListino: '2026-05-01', fineVendita: '2026-04-30' }));
    expect(created.status).toBe(400);
    expect(created.body).toEqual(invalid('fineVendita', message));
    const updated = await put(sede, 'ALFA01', { ...(await editable(sede, 'ALFA01')), fineVendita: '2025-01-01' });
    expect(updated.body).toEqual(invalid('fineVendita', message));
    const order = await app.request.post(`${API}/ordini`).send({ codAbi: '10001', numero: '880001', cliente: 'X', dataOrdine: '2026-03-10', consegnaEntro: '2026-03-09', consegna: { indirizzo: 'Via X' } });
    expect(order.body).toEqual(invalid('consegnaEntro', "La data di consegna non può precedere la data dell'ordine"));
  });

  it('a server-set field is refused in a body, on create and update: "Campo non previsto"', async () => {
    expect((await sede.post(`${API}/articoli`).send(article('REGO05', { giacenza: 99 }))).body).toEqual(invalid('giacenza', 'Campo non previsto'));
    expect((await put(sede, 'ALFA01', { ...(await editable(sede, 'ALFA01')), giacenza: 99 })).body).toEqual(invalid('giacenza', 'Campo non previsto'));
  });
});

describe('who may write a field', () => {
  it('writableBy assistance: anyone else setting or changing it is refused on the field; sending the stored value back is fine', async () => {
    const created = await sede.post(`${API}/articoli`).send(article('ACCE01', { inEvidenza: true }));
    expect(created.status).toBe(403);
    expect(created.body).toEqual(forbidden('inEvidenza', "Campo modificabile solo dall'assistenza"));
    expect((await app.request.post(`${API}/articoli`).send(article('ACCE01', { inEvidenza: true }))).status).toBe(201);
    const row = await editable(sede, 'ACCE01');
    expect((await put(sede, 'ACCE01', { ...row, nome: 'Rinominato dalla sede' })).status).toBe(200);
    expect((await put(sede, 'ACCE01', { ...row, inEvidenza: false })).body).toEqual(forbidden('inEvidenza', "Campo modificabile solo dall'assistenza"));
  });

  it('reservedValues: only assistance writes the reserved label, with the spec\'s message naming it', async () => {
    const res = await sede.post(`${API}/articoli`).send(article('ACCE02', { etichetta: 'OMAGGIO' }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden('etichetta', "Etichetta riservata all'assistenza: OMAGGIO"));
    expect((await sede.post(`${API}/articoli`).send(article('ACCE02', { etichetta: 'NOVITA' }))).status).toBe(201);
    expect((await app.request.post(`${API}/articoli`).send(article('ACCE03', { etichetta: 'OMAGGIO' }))).status).toBe(201);
  });

  it('editPermission: the field alone changes without the update permission; any other field or a child is refused by name', async () => {
    const row = await editable(filiale, 'ALFA01');
    const ok = await put(filiale, 'ALFA01', { ...row, altreCategorie: undefined, note: 'Nota della filiale' });
    expect(ok.status).toBe(200);
    expect(ok.body.note).toBe('Nota della filiale');
    const other = await put(filiale, 'ALFA01', { ...row, altreCategorie: undefined, nome: 'Rinominato', note: 'Altra nota' });
    expect(other.status).toBe(403);
    expect(other.body).toEqual(forbidden('nome', 'Operazione non consentita'));
    const child = await put(filiale, 'ALFA01', { ...row, note: 'Nota della filiale' });
    expect(child.body).toEqual(forbidden('altreCategorie', 'Operazione non consentita'));
    expect((await app.db('articolo').where({ codice: 'ALFA01' }).first()).note).toBe('Nota della filiale');
  });
});

describe('a transferList child', () => {
  it('is replaced as a whole with references the API checks', async () => {
    const url = `${API}/articoli/ALFA02/altreCategorie`;
    const replaced = await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send([{ categoria: 'LIB' }, { categoria: 'GIO' }]);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual([{ articolo: 'ALFA02', categoria: 'GIO' }, { articolo: 'ALFA02', categoria: 'LIB' }]);
    const unknown = await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send([{ categoria: 'XXX' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(invalid('0.categoria', 'Categoria inesistente'));
  });
});

describe('banners of the document', () => {
  it('each operation carries the spec\'s success message, fields named as {field}', () => {
    const message = (method: string, path: string) => documentOperation(app.artifacts.openapi, method, path)['x-success-message'];
    expect(message('post', '/categorie')).toBe('Categoria {nome} salvata correttamente');
    expect(message('delete', '/categorie/{codice}')).toBe('Categoria eliminata correttamente');
    expect(message('post', '/ordini')).toBe('Ordine {numero} salvato correttamente');
    expect(message('put', '/articoli/{codice}')).toBe('Articolo aggiornato');
  });
});
