/**
 * A list searched by period (docs/spec-language.md#a-list-searched-by-period), on the fixture's takings
 * (`api.period` over `data`, at most 2 months): the list and its export refuse a period missing an end, reversed
 * or too long with the spec's messages on the parameter, and answer a period that fits, in the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

const refused = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });
const REQUIRED = 'Indicare il periodo degli incassi';
const ORDER = 'La data iniziale non può essere successiva alla data finale';
const TOO_LONG = 'Il periodo degli incassi non può superare i 2 mesi';

let app: TestApp;
let sede: TestApp['request'];

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
});
afterAll(() => app.close());

const codes = (body: { results: { codice: string }[] }) => body.results.map((r) => r.codice);

describe('a list searched by period', () => {
  it('refuses a search without both ends of the period, the message on the missing one', async () => {
    for (const [query, field] of [['', 'dataDa'], ['?dataA=2026-11-20', 'dataDa'], ['?dataDa=2026-11-01', 'dataA']]) {
      const res = await sede.get(`${API}/incassi${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual(refused(field, REQUIRED));
    }
  });

  it('refuses a reversed period', async () => {
    const res = await sede.get(`${API}/incassi?dataDa=2026-11-21&dataA=2026-11-20`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('dataDa', ORDER));
  });

  it('refuses a period longer than 2 calendar months, and answers one of exactly 2', async () => {
    const long = await sede.get(`${API}/incassi?dataDa=2026-09-19&dataA=2026-11-20`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual(refused('dataDa', TOO_LONG));
    // 31 December minus two months is 31 October: a day earlier is too long.
    expect((await sede.get(`${API}/incassi?dataDa=2026-10-30&dataA=2026-12-31`)).body).toEqual(refused('dataDa', TOO_LONG));
    const fits = await sede.get(`${API}/incassi?dataDa=2026-09-20&dataA=2026-11-20&size=10`);
    expect(fits.status).toBe(200);
    // Bank 10001's takings of the period, newest first; I001 is before it, I007 is bank 20002's.
    expect(codes(fits.body)).toEqual(['I006', 'I005', 'I004', 'I003']);
    // Four match: more than the fixture's countLimit of 3 (count-limit.test.ts).
    expect(fits.body).toMatchObject({ totalCount: 3, totalCountCapped: true });
  });

  it('pages the period by the spec\'s page size and keeps the other filters', async () => {
    const page = await sede.get(`${API}/incassi?dataDa=2026-10-31&dataA=2026-12-31&page=1`);
    expect(page.status).toBe(200);
    expect(codes(page.body)).toEqual(['I004']);
    expect(page.body).toMatchObject({ totalCount: 3, totalCountCapped: false });
    const ok = await sede.get(`${API}/incassi?dataDa=2026-10-31&dataA=2026-12-31&esito=OK`);
    expect(codes(ok.body)).toEqual(['I006', 'I005']);
  });

  it('refuses the export of a period the list refuses, and starts one that fits', async () => {
    const none = await sede.post(`${API}/incassi/esportazioni?formato=csv`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual(refused('dataDa', REQUIRED));
    const tooLong = await sede.post(`${API}/incassi/esportazioni?formato=csv&dataDa=2026-01-01&dataA=2026-11-20`);
    expect(tooLong.body).toEqual(refused('dataDa', TOO_LONG));
    expect((await sede.post(`${API}/incassi/esportazioni?formato=csv&dataDa=2026-10-01&dataA=2026-11-20`)).status).toBe(202);
  });

  it('gives the list page the period, the page window and the colours (the model the manifest is made from)', () => {
    const entity = app.artifacts.model.entities.find((e) => e.name === 'Incasso');
    expect(entity?.api.period).toEqual({ from: 'dataDa', to: 'dataA', maxMonths: 2, defaultMonths: 1, messages: { required: REQUIRED, order: ORDER, tooLong: TOO_LONG } });
    expect(entity?.api.pageWindow).toBe(3);
    expect(entity?.fields.find((f) => f.name === 'esito')?.options).toEqual([
      { value: 'OK', label: 'Incassato', color: 'green' }, { value: 'KO', label: 'Rifiutato', color: 'red' }, { value: 'ST', label: 'Stornato' },
    ]);
  });
});
