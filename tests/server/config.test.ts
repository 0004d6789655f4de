/**
 * Configuration keys (issue 5 item 7; seed 000 §7 "GET config/{key} and config/exists/{a}/{b}", §9 "Async
 * download time default 300"): the keys of spec/platform/config.yaml with their defaults, overridden by an
 * administrator (GES_CONFIG:AGGIORNAMENTO), an unknown key 404 in Italian; exists asks whether a value is
 * one of a list key's items (is bank 30480 in TRANSATO_DOWNLOAD_ASINCRONO_ABI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../../server/config.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
const UNKNOWN = { errorMessage: 'Chiave di configurazione inesistente', code: 'UNKNOWN_CONFIG_KEY', details: [] };
const invalid = (message: string) => ({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'value', message }] });

beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

describe('GET config/{key}', () => {
  it('answers the default of TRANSATO_DOWNLOAD_ASINCRONO_TIME: 300', async () => {
    const res = await app.request.get(`${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_TIME`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'TRANSATO_DOWNLOAD_ASINCRONO_TIME', type: 'integer', value: '300', defaultValue: '300', overridden: false });
    expect(res.body.label).toBe("Attesa massima dell'estrazione asincrona del transato (secondi)");
  });

  it('answers every declared key of the seeds, keys with a dot included', async () => {
    for (const [key, value] of [
      ['TRANSATO_DOWNLOAD_ASINCRONO_ABI', ''], ['MONITOR_RISCHIO_FRODI_DOWNLOAD_ASINCRONO_TIME', '300'],
      ['PWM.SPECIAL_REQUESTS', 'false'], ['POS_CONNECT.LAST_ID', '6293769'], ['DATA_CARBURANTE_INTERNAZIONALE', null],
    ] as const) {
      const res = await app.request.get(`${API}/config/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.body, key).toMatchObject({ key, value });
    }
  });

  it('any logged-in user may read a key; nobody anonymous', async () => {
    const filiale = await app.loginAs('filiale.30480');
    expect((await filiale.get(`${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_TIME`)).status).toBe(200);
    expect((await app.anonymous.get(`${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_TIME`)).status).toBe(401);
  });

  it('an unknown key: 404 in Italian', async () => {
    const res = await app.request.get(`${API}/config/NON_ESISTE`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(UNKNOWN);
  });
});

describe('PUT and DELETE config/{key} (administrator)', () => {
  it('sets a value that wins over the default, and DELETE brings the default back', async () => {
    const url = `${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_TIME`;
    const set = await app.request.put(url).send({ value: ' 600 ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ value: '600', defaultValue: '300', overridden: true });
    expect((await app.request.get(url)).body).toMatchObject({ value: '600', overridden: true });
    const reset = await app.request.delete(url);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ value: '300', overridden: false });
    expect((await app.request.get(url)).body).toMatchObject({ value: '300', overridden: false });
  });

  it('refuses a value that does not fit the key, in Italian', async () => {
    const put = (key: string, value: string) => app.request.put(`${API}/config/${key}`).send({ value });
    expect((await put('TRANSATO_DOWNLOAD_ASINCRONO_TIME', 'cinque')).body).toEqual(invalid('Campo numerico'));
    expect((await put('TRANSATO_DOWNLOAD_ASINCRONO_TIME', '10')).body).toEqual(invalid("Il valore è troppo piccolo"));
    expect((await put('TRANSATO_DOWNLOAD_ASINCRONO_ABI', '30480,3048')).body).toEqual(invalid('Formato non valido'));
    expect((await put('PWM.SPECIAL_REQUESTS', 'forse')).body).toEqual(invalid('Valore non valido'));
    expect((await put('DATA_CARBURANTE_INTERNAZIONALE', '2026-02-30')).body).toEqual(invalid('Formato non valido'));
    expect((await put('TRANSATO_DOWNLOAD_ASINCRONO_TIME', '10')).status).toBe(400);
    expect((await app.request.get(`${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_TIME`)).body.value).toBe('300');
  });

  it('an unknown key: 404 in Italian', async () => {
    expect((await app.request.put(`${API}/config/NON_ESISTE`).send({ value: '1' })).body).toEqual(UNKNOWN);
    expect((await app.request.delete(`${API}/config/NON_ESISTE`)).status).toBe(404);
  });

  it('needs GES_CONFIG:AGGIORNAMENTO: 403 in Italian without it', async () => {
    const sede = await app.loginAs('sede.30480');
    const res = await sede.put(`${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_TIME`).send({ value: '600' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] });
  });

  it('is recorded in the audit trail, who and before/after', async () => {
    await app.request.put(`${API}/config/POS_CONNECT.LAST_ID`).send({ value: '7000000' });
    await app.request.put(`${API}/config/POS_CONNECT.LAST_ID`).send({ value: '7000001' });
    const res = await app.request.get(`${API}/audit`).query({ entity: 'Configurazione', key: 'POS_CONNECT.LAST_ID' });
    expect(res.body.results.map((e: { operation: string }) => e.operation)).toEqual(['update', 'create']);
    expect(JSON.parse(res.body.results[0].after)).toMatchObject({ chiave: 'POS_CONNECT.LAST_ID', valore: '7000001', updatedBy: 'assistenza' });
    expect(JSON.parse(res.body.results[0].before)).toMatchObject({ valore: '7000000' });
  });
});

describe('GET config (the configuration page)', () => {
  it('lists every key of the spec in its order, with the value in force, the default and whether it was changed', async () => {
    await app.request.put(`${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_TIME`).send({ value: '420' });
    const res = await app.request.get(`${API}/config`);
    expect(res.status).toBe(200);
    expect(res.body.map((e: { key: string }) => e.key)).toEqual(app.artifacts.model.config.map((k) => k.key));
    const byKey = Object.fromEntries(res.body.map((e: { key: string }) => [e.key, e]));
    expect(byKey.TRANSATO_DOWNLOAD_ASINCRONO_TIME).toMatchObject({ type: 'integer', value: '420', defaultValue: '300', overridden: true });
    expect(byKey['PWM.SPECIAL_REQUESTS']).toMatchObject({ type: 'boolean', value: 'false', defaultValue: 'false', overridden: false });
    expect(byKey.DATA_CARBURANTE_INTERNAZIONALE).toMatchObject({ value: null, overridden: false });
    // Back to the default: no longer marked as changed.
    await app.request.delete(`${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_TIME`);
    const after = (await app.request.get(`${API}/config`)).body.find((e: { key: string }) => e.key === 'TRANSATO_DOWNLOAD_ASINCRONO_TIME');
    expect(after).toMatchObject({ value: '300', overridden: false });
  });

  it('needs GES_CONFIG:VISUALIZZAZIONE: a bank user gets 403 in Italian', async () => {
    const sede = await app.loginAs('sede.30480');
    const res = await sede.get(`${API}/config`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] });
  });

  it("the page's success texts come from the spec through the manifest", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT_DIR, 'generated/manifest.json'), 'utf8'));
    expect(manifest.successMessages).toMatchObject({ setConfig: 'Configurazione salvata correttamente', resetConfig: 'Valore predefinito ripristinato' });
  });
});

describe('GET config/exists/{key}/{value}', () => {
  it('for a list key: whether the value is one of its items', async () => {
    const exists = async (abi: string) => (await app.request.get(`${API}/config/exists/TRANSATO_DOWNLOAD_ASINCRONO_ABI/${abi}`)).body;
    expect(await exists('30480')).toEqual({ exists: false });
    const set = await app.request.put(`${API}/config/TRANSATO_DOWNLOAD_ASINCRONO_ABI`).send({ value: ' 30480, 08549,' });
    expect(set.body.value).toBe('30480,08549');
    expect(await exists('30480')).toEqual({ exists: true });
    expect(await exists('08549')).toEqual({ exists: true });
    expect(await exists('60855')).toEqual({ exists: false });
  });

  it('for any other key: whether it is the value', async () => {
    const res = await app.request.get(`${API}/config/exists/MONITOR_RISCHIO_FRODI_DOWNLOAD_ASINCRONO_TIME/300`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ exists: true });
    expect((await app.request.get(`${API}/config/exists/MONITOR_RISCHIO_FRODI_DOWNLOAD_ASINCRONO_TIME/301`)).body).toEqual({ exists: false });
    // A key without a value (no default, never set) has none.
    expect((await app.request.get(`${API}/config/exists/ABI_SERVIZIO_BONIFICO/30480`)).body).toEqual({ exists: false });
  });

  it('an unknown key: 404 in Italian', async () => {
    const res = await app.request.get(`${API}/config/exists/NON_ESISTE/30480`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(UNKNOWN);
  });
});
