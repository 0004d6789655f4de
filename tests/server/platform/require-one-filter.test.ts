/**
 * A list that needs a filter (docs/spec-language.md#a-list-that-needs-a-filter), on the fixture's suppliers
 * (`api.requireOneFilter` without a choice of filters: any filter or ?q=): the list and its export with
 * no filter are 400 with the spec's message; a filter, ?q= or a reference's compact type-ahead answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

const MESSAGE = 'Indicare almeno un criterio di ricerca del fornitore';
const refused = { code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field: 'codice', message: MESSAGE }] };

let app: TestApp;
let sede: TestApp['request'];

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
  for (const [codice, ragioneSociale] of [['R1', 'Rossi Forniture'], ['R2', 'Bianchi Ingrosso']]) {
    // A supplier is created with its beneficial owner (Fornitore.titolari, minItems 1).
    expect((await sede.post(`${API}/fornitori`).send({ codice, ragioneSociale, provincia: 'MI', titolari: [{ numeroTitolare: 1, cognome: 'Rossi', nome: 'Mario' }] })).status).toBe(201);
  }
});
afterAll(() => app.close());

describe('a list that needs one filter', () => {
  it('refuses the list with no filter, or only empty ones, with the spec message on the first filter', async () => {
    for (const query of ['', '?page=0&size=20&sort=codice,asc', '?ragioneSociale=%20%20']) {
      const res = await sede.get(`${API}/fornitori${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused);
    }
  });

  it('answers once any filter or ?q= has a value', async () => {
    const byCode = await sede.get(`${API}/fornitori?codice=R1`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.results.map((r: { codice: string }) => r.codice)).toEqual(['R1']);
    const byProvince = await sede.get(`${API}/fornitori?provincia=MI&sort=codice,asc`);
    expect(byProvince.body.results.map((r: { codice: string }) => r.codice)).toEqual(['R1', 'R2']);
    const byName = await sede.get(`${API}/fornitori?q=bianchi`);
    expect(byName.body.results.map((r: { codice: string }) => r.codice)).toEqual(['R2']);
  });

  it('leaves a reference type-ahead (?format=compact) alone: it is not the search form', async () => {
    const res = await sede.get(`${API}/fornitori?format=compact`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
  });

  it('refuses the export of the unfiltered list the same way, and starts a filtered one', async () => {
    const none = await sede.post(`${API}/fornitori/esportazioni?formato=csv`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual(refused);
    const filtered = await sede.post(`${API}/fornitori/esportazioni?formato=csv&provincia=MI`);
    expect(filtered.status).toBe(202);
  });

  it('resolves the filters to query parameters, as the manifest gives them to the list page', () => {
    expect(app.artifacts.model.entities.find((e) => e.name === 'Fornitore')?.api.requireOneFilter).toEqual({
      params: ['codice', 'ragioneSociale', 'partitaIva', 'codiceFiscale', 'provincia', 'q'],
      message: MESSAGE,
    });
  });
});
