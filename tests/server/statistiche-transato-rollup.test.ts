/**
 * The turnover statistics from their rollups (spec/statistiche/transato.yaml `rollups`, issue 17): on the demo
 * movements, every grouping and filter answers each demo user from a rollup the same figures the movements give
 * (X-Report-Source: raw), bank users from the bank rollup, merchants and the merchant grouping from the merchant
 * rollup, a bank's merchant list over whole months from the monthly one; averages round the same way from every
 * source; a movement written through the services moves the figure at once.
 */
import { describe, expect, it } from 'vitest';
import { entityByName } from '../../common/model.js';
import { EntityService } from '../../server/crud/entity-service.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';

const PERIOD = 'dataOperazioneDa=2026-06-01&dataOperazioneA=2026-11-25';
const URL = `${API}/report/statistiche/transato`;
const BANK_USERS = ['assistenza', 'sede.30480', 'filiale.30480', 'sede.60855'];
const GROUPINGS = ['compagnia', 'mese', 'giorno', 'filiale', 'giornoSettimana', 'fascia'];
interface Totals { transato: number; operazioni: number; media: number | null }

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;

/** The answer from the rollup `source`, checked against the same request read from the movements. */
async function fromRollup(user: string, query: string, source: string): Promise<Totals> {
  const rolled = await as[user].get(`${URL}?${query}`);
  const raw = await as[user].get(`${URL}?${query}`).set('X-Report-Source', 'raw');
  expect(rolled.status, `${user} ${query}`).toBe(200);
  expect(rolled.headers['x-report-source'], `${user} ${query}`).toBe(source);
  expect(raw.headers['x-report-source']).toBe('raw');
  expect(rolled.body, `${user} ${query}`).toEqual(raw.body);
  const totals: Totals = rolled.body.totals;
  return totals;
}

describe('turnover statistics from rollups (issue 17)', () => {
  it('answers bank users from the bank rollup and merchants from the merchant rollup, the movements\' own figures', async () => {
    expect(Object.keys(MOVEMENT_SCOPE).sort()).toEqual([...BANK_USERS, 'merchant.0001234', 'operatore.0001234'].sort());
    for (const user of BANK_USERS) {
      for (const per of GROUPINGS) await fromRollup(user, `${PERIOD}&per=${per}`, 'rollup:banca');
      await fromRollup(user, `${PERIOD}&per=esercente`, 'rollup:esercentiMese+esercente');
    }
    for (const user of ['merchant.0001234', 'operatore.0001234']) {
      for (const per of [...GROUPINGS, 'esercente']) await fromRollup(user, `${PERIOD}&per=${per}`, 'rollup:esercente');
    }
  });

  it('answers the filters from the rollup that keeps them: company and circuit from the bank one, a merchant from the merchant one', async () => {
    await fromRollup('sede.30480', `${PERIOD}&per=mese&compagnia=01&circuito=01`, 'rollup:banca');
    await fromRollup('sede.30480', `${PERIOD}&per=compagnia&codEserc=0001234`, 'rollup:esercente');
    await fromRollup('merchant.0001234', `${PERIOD}&per=fascia&circuito=00`, 'rollup:esercente');
  });

  it('answers a bank\'s merchant list over whole months from the merchants\' monthly rollup, over other days from the daily one', async () => {
    const months = 'dataOperazioneDa=2025-12-01&dataOperazioneA=2026-11-30';
    for (const user of BANK_USERS) await fromRollup(user, `${months}&per=esercente`, 'rollup:esercentiMese');
    await fromRollup('sede.30480', `${months}&per=esercente&codEserc=0001234`, 'rollup:esercentiMese');
    await fromRollup('sede.30480', `${months}&per=mese&codEserc=0001234`, 'rollup:esercentiMese');
    // The monthly one keeps no time slot: a grouping by slot reads the daily one.
    await fromRollup('sede.30480', `${months}&per=fascia&codEserc=0001234`, 'rollup:esercente');
    // A company is kept by the daily rollup only; a period that ends inside a month, likewise.
    await fromRollup('sede.30480', `${months}&per=esercente&compagnia=01`, 'rollup:esercente');
    // A period that ends inside a month: its whole months from the monthly rollup, the days after them from the daily one.
    await fromRollup('sede.30480', 'dataOperazioneDa=2025-12-01&dataOperazioneA=2026-11-25&per=esercente', 'rollup:esercentiMese+esercente');
    // The screens' default period, a year up to today: days at both ends.
    for (const user of BANK_USERS) await fromRollup(user, 'dataOperazioneDa=2025-11-25&dataOperazioneA=2026-11-25&per=esercente&pagina=1', 'rollup:esercentiMese+esercente');
  });

  it('averages to the cent, half up, the same from the movements and from any rollup', async () => {
    const model = demo.app.artifacts.model;
    const service = new EntityService(demo.app.db, model, entityByName(model, 'Transazione'), []);
    const page = await service.search({ page: 0, size: 1, filters: [{ field: 'codEserc', value: '0001234', exact: true }], where: [{ field: 'esito', in: ['01'] }] });
    const original = page.results[0];
    // A day the demo has no movement on: 1.00 and 1.01 average 1.005, that is 1.01 (2.01 / 2 is 1.00499... in floating point).
    const day = '2024-01-15';
    const query = `dataOperazioneDa=${day}&dataOperazioneA=${day}&per=giorno`;
    expect((await fromRollup('merchant.0001234', query, 'rollup:esercente')).operazioni).toBe(0);
    for (const [id, importo] of [['MEDIA1', 1], ['MEDIA2', 1.01]] as const) {
      await service.create({ ...original, id, dataOperazione: day, codCompagnia: original.codCompagnia === '90' ? null : original.codCompagnia, importo });
    }
    try {
      expect(await fromRollup('merchant.0001234', query, 'rollup:esercente')).toEqual({ transato: 2.01, operazioni: 2, media: 1.01 });
      expect((await fromRollup('sede.30480', query, 'rollup:banca')).media).toBe(1.01);
    } finally {
      for (const id of ['MEDIA1', 'MEDIA2']) await service.delete({ id });
    }
  });

  it('moves as soon as a movement is written through the services, and back when it is deleted', async () => {
    const model = demo.app.artifacts.model;
    const service = new EntityService(demo.app.db, model, entityByName(model, 'Transazione'), []);
    const page = await service.search({ page: 0, size: 1, filters: [{ field: 'codEserc', value: '0001234', exact: true }], where: [{ field: 'esito', in: ['01'] }, { field: 'dataOperazione', from: '2026-07-01', to: '2026-07-31' }] });
    const original = page.results[0];
    const before = await fromRollup('merchant.0001234', PERIOD, 'rollup:esercente');
    await service.create({ ...original, id: 'ROLLUP1', codCompagnia: original.codCompagnia === '90' ? null : original.codCompagnia, importo: 100 });
    const after = await fromRollup('merchant.0001234', PERIOD, 'rollup:esercente');
    expect(after.operazioni).toBe(before.operazioni + 1);
    expect(after.transato).toBe(Math.round((before.transato + 100) * 100) / 100);
    expect((await fromRollup('sede.30480', PERIOD, 'rollup:banca')).operazioni).toBeGreaterThan(0);
    await service.delete({ id: 'ROLLUP1' });
    expect(await fromRollup('merchant.0001234', PERIOD, 'rollup:esercente')).toEqual(before);
  });
});
