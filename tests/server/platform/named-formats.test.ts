/**
 * Named formats (docs/spec-language.md#named-formats) through the API, on the fixture's suppliers: a value
 * of the wrong format is 400 naming the field with the platform's message for the reason it fails (a wrong
 * IBAN check letter is 'BBAN non valido', seed 001 §5), or the field's own; valid values are stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let sede: TestApp['request'];

const invalid = (...details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details });
// A supplier has at least one beneficial owner (Fornitore.titolari, minItems 1).
const supplier = (codice: string, body: Record<string, unknown> = {}) => ({ codice, ragioneSociale: `Fornitore ${codice}`, titolari: [{ numeroTitolare: 1, cognome: 'Rossi', nome: 'Mario' }], ...body });

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
});
afterAll(() => app.close());

describe('named formats', () => {
  it('stores valid values of every format: an omocodic tax code, a company tax code of 11 digits, an IBAN with its check letter', async () => {
    const body = supplier('F1', { partitaIva: '00743110157', codiceFiscale: 'RSSMRAURTMLARSNL', iban: 'IT60X0542811101000000123456', cap: '20121', provincia: 'MI' });
    const created = await sede.post(`${API}/fornitori`).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(body);
    const company = await sede.post(`${API}/fornitori`).send(supplier('F2', { codiceFiscale: '00743110157', iban: 'DE89370400440532013000' }));
    expect(company.status).toBe(201);
  });

  it('refuses each wrong value on its field with the message of its format, and stores nothing', async () => {
    const res = await sede.post(`${API}/fornitori`).send(supplier('F3', { partitaIva: '00743110158', codiceFiscale: 'RSSMRA85T10A562X', iban: 'IT61X0542811101000000123456', cap: '2012', provincia: 'XX' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(
      { field: 'partitaIva', message: 'Partita IVA non valida: 11 cifre con la cifra di controllo' },
      { field: 'codiceFiscale', message: 'Codice fiscale non valido: 16 caratteri con il carattere di controllo, oppure 11 cifre' },
      { field: 'iban', message: "L'iban inserito non risulta essere valido" },
      { field: 'cap', message: 'Il CAP è di 5 cifre' },
      { field: 'provincia', message: 'Sigla di provincia inesistente: indicare la sigla di 2 lettere maiuscole (es. MI)' },
    ));
    expect((await sede.get(`${API}/fornitori/F3`)).status).toBe(404);
  });

  it("says 'BBAN non valido' when only the Italian check letter is wrong, on create and on update", async () => {
    const created = await sede.post(`${API}/fornitori`).send(supplier('F4', { iban: 'IT60Y0542811101000000123456' }));
    expect(created.body).toEqual(invalid({ field: 'iban', message: 'BBAN non valido' }));
    expect((await sede.post(`${API}/fornitori`).send(supplier('F4'))).status).toBe(201);
    const version = (await sede.get(`${API}/fornitori/F4`)).headers.etag;
    const updated = await sede.put(`${API}/fornitori/F4`).set('If-Match', version).send(supplier('F4', { iban: 'IT60Y0542811101000000123456' }));
    expect(updated.status).toBe(400);
    expect(updated.body).toEqual(invalid({ field: 'iban', message: 'BBAN non valido' }));
  });
});
