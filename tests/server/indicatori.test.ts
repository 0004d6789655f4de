/**
 * The pending-requests indicator (seed 000 §7 "Indicator count", seed 001 RIC_SOSPESI_BANCHE VISUALIZZAZIONE):
 * GET indicatori/sospesiBanca counts the suspended requests of the caller's banks (of his branch, for a
 * branch user); users without RIC_SOSPESI_BANCHE:VISUALIZZAZIONE get 403 and no indicator in the manifest
 * rules; the refresh factor is the configuration key INDICATORE_REFRESH_TIME (default 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifest from '../../generated/manifest.json' with { type: 'json' };
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent; // sede.30480: RIC_SOSPESI_BANCHE, bank 30480
let filiale: Agent; // filiale.30480: no RIC_SOSPESI_BANCHE
let sede60855: Agent; // RIC_SOSPESI_BANCHE, bank 60855 (no requests)

beforeAll(async () => {
  app = await createTestApp();
  sede = await app.loginAs('sede.30480');
  filiale = await app.loginAs('filiale.30480');
  sede60855 = await app.loginAs('sede.60855');
}, 120_000);
afterAll(() => app.close());

describe('GET indicatori/sospesiBanca', () => {
  it('a bank user counts the suspended requests of his bank only', async () => {
    const res = await sede.get(`${API}/indicatori/sospesiBanca`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    expect((await sede60855.get(`${API}/indicatori/sospesiBanca`)).body).toEqual({ count: 0 });
    // Assistance sees every bank: 2 of 30480 and 1 of 34256.
    expect((await app.request.get(`${API}/indicatori/sospesiBanca`)).body).toEqual({ count: 3 });
  });

  it('follows the data: a request suspended or taken in hand changes the count', async () => {
    await app.db('richiesta').insert({ id_richiesta: 'RQ-T1', cod_abi: '30480', tipo_richiesta: 'NC', stato_pos: '6', data_richiesta: '2026-11-20' });
    expect((await sede.get(`${API}/indicatori/sospesiBanca`)).body).toEqual({ count: 3 });
    await app.db('richiesta').where({ id_richiesta: 'RQ-T1' }).update({ stato_pos: '1' });
    expect((await sede.get(`${API}/indicatori/sospesiBanca`)).body).toEqual({ count: 2 });
  });

  it('403 for a user without RIC_SOSPESI_BANCHE:VISUALIZZAZIONE', async () => {
    const res = await filiale.get(`${API}/indicatori/sospesiBanca`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [] });
  });
});

describe('what the shell polls', () => {
  it('the manifest declares the indicator with its permission and refresh key', () => {
    expect(manifest.indicators).toContainEqual({
      name: 'indicatoreSospesiBanca', path: 'indicatori/sospesiBanca', permission: 'RIC_SOSPESI_BANCHE:VISUALIZZAZIONE',
      label: 'Richieste sospese', refreshKey: 'INDICATORE_REFRESH_TIME', route: '/richieste/sospesi/banca',
    });
  });

  it('the refresh factor is a configuration key, 1 by default', async () => {
    const res = await sede.get(`${API}/config/INDICATORE_REFRESH_TIME`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'INDICATORE_REFRESH_TIME', type: 'integer', value: '1', defaultValue: '1', overridden: false });
  });
});
