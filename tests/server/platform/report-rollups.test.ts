/**
 * Report rollups (docs/spec-language.md#rollups) on the fixture's takings (tests/fixtures/spec/catalogo/incassi-report.yaml):
 * each request a rollup covers is answered from it with the figures the entity's rows give (X-Report-Source: raw),
 * in each caller's scope; a write through the services moves the rollups in its own transaction, and a rebuild
 * from the rows gives back the same rollup rows, with the planner's statistics of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '../../../common/model.js';
import { EntityService } from '../../../server/crud/entity-service.js';
import { isPostgres } from '../../../server/db/dialect.js';
import { rebuildRollups } from '../../../server/reports/rollup-sql.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let sede: TestApp['request'];
let altra: TestApp['request'];
let federazione: TestApp['request'];

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
  altra = await app.loginAs('sede.20002');
  federazione = await app.loginAs('federazione');
});
afterAll(() => app.close());

const URL = `${API}/report/catalogo/incassi`;
const MONTHS = 'dataDa=2026-05-01&dataA=2026-11-30';
const DAYS = 'dataDa=2026-05-02&dataA=2026-11-20';

/** The rows the planner's statistics count for `table` (PostgreSQL's pg_class, SQLite's sqlite_stat1); -1 if never analysed. */
async function analysedRows(table: string): Promise<number> {
  if (isPostgres(app.db)) {
    const found = await app.db.raw<{ rows: { reltuples: unknown }[] }>('select reltuples from pg_class where relname = ?', [table]);
    return Number(found.rows[0]?.reltuples ?? -1);
  }
  const stats: { stat: unknown }[] = await app.db.raw('select stat from sqlite_stat1 where tbl = ? limit 1', [table]);
  return stats.length ? Number(String(stats[0].stat).split(' ')[0]) : -1;
}

/** The answer from the rollup the request picks, checked against the same request read from the entity's rows. */
async function fromRollup(client: TestApp['request'], query: string, source: string) {
  const rolled = await client.get(`${URL}?${query}`);
  const raw = await client.get(`${URL}?${query}`).set('X-Report-Source', 'raw');
  expect(rolled.status).toBe(200);
  expect(raw.headers['x-report-source']).toBe('raw');
  expect(rolled.headers['x-report-source']).toBe(source);
  expect(rolled.body).toEqual(raw.body);
  const answer: Answer = rolled.body;
  return answer;
}
interface Answer { rows: { key: string; numero: number }[]; totals: { totale: number; numero: number; medio: number | null } }

const service = () => new EntityService(app.db, app.artifacts.model, entityByName(app.artifacts.model, 'Incasso'), []);
const rollupRows = (table: string) => app.db(table).select('*').orderBy('rollup_chiave');

describe('a report answered from its rollups', () => {
  it('reads whole months from the month rollup and the rest from the day rollup, with the figures of the rows', async () => {
    for (const per of ['esito', 'mese', 'banca']) await fromRollup(sede, `${MONTHS}&per=${per}`, 'rollup:mese');
    for (const per of ['giorno', 'giornoSettimana']) await fromRollup(sede, `${MONTHS}&per=${per}`, 'rollup:giorno');
    await fromRollup(sede, `${DAYS}&per=giorno`, 'rollup:giorno');
    for (const per of ['esito', 'mese']) await fromRollup(sede, `${DAYS}&per=${per}`, 'rollup:mese+giorno');
    expect((await fromRollup(sede, `${MONTHS}&per=esito&esito=KO`, 'rollup:mese')).totals).toEqual({ totale: 32, numero: 2, medio: 16 });
  });

  it('reads a period that is not whole months as its whole months from the month rollup and the days at either end from the day rollup', async () => {
    // 11 to 31 May from the days: the four takings of 10 May stay out. June to October from the months.
    const afterTenth = await fromRollup(sede, 'dataDa=2026-05-11&dataA=2026-10-31&per=mese', 'rollup:mese+giorno');
    expect(afterTenth.totals).toEqual({ totale: 64, numero: 3, medio: 21.33 });
    expect(afterTenth.rows.map((r) => r.key)).toEqual(['2026-06', '2026-09', '2026-10']);
    // 1 November alone from the days: 50 in, the 60 of the 20th out.
    expect((await fromRollup(sede, 'dataDa=2026-06-01&dataA=2026-11-01&per=esito', 'rollup:mese+giorno')).totals).toEqual({ totale: 114, numero: 4, medio: 28.5 });
    // Both ends: a month's rows from both sources land in one group.
    const both = await fromRollup(sede, 'dataDa=2026-05-10&dataA=2026-11-01&per=mese', 'rollup:mese+giorno');
    expect(both.rows.find((r) => r.key === '2026-05')?.numero).toBe(4);
    expect(both.rows.find((r) => r.key === '2026-11')?.numero).toBe(1);
    await fromRollup(altra, 'dataDa=2026-05-10&dataA=2026-11-10&per=banca', 'rollup:mese+giorno');
    await fromRollup(federazione, 'dataDa=2026-05-10&dataA=2026-11-10&per=banca', 'rollup:mese+giorno');
    // A page of groups, and its count of all groups, over the union.
    expect((await fromRollup(sede, 'dataDa=2026-05-10&dataA=2026-11-01&per=mese&pagina=2', 'rollup:mese+giorno')).rows).toEqual([]);
    // No whole month in the period, or a grouping the month rollup cannot give: the day rollup alone.
    await fromRollup(sede, 'dataDa=2026-05-10&dataA=2026-06-20&per=mese', 'rollup:giorno');
    await fromRollup(sede, 'dataDa=2026-05-10&dataA=2026-11-01&per=giornoSettimana', 'rollup:giorno');
  });

  it('keeps each caller to its own scope: another bank and a federation read only their banks\' takings', async () => {
    expect((await fromRollup(altra, `${MONTHS}&per=banca`, 'rollup:mese')).rows).toEqual([expect.objectContaining({ key: '20002', numero: 1 })]);
    expect((await fromRollup(altra, `${MONTHS}&per=banca&codAbi=10001`, 'rollup:mese')).rows).toEqual([]);
    await fromRollup(federazione, `${MONTHS}&per=banca`, 'rollup:mese');
    await fromRollup(app.request, `${DAYS}&per=banca`, 'rollup:mese+giorno');
  });

  it('moves with each create, update and delete through the services, the excluded outcome (ST) never counted', async () => {
    const before = (await fromRollup(sede, `${MONTHS}&per=esito`, 'rollup:mese')).totals;
    await service().create({ codice: 'I090', codAbi: '10001', data: '2026-06-15', importo: 9.5, esito: 'OK' });
    expect((await fromRollup(sede, `${MONTHS}&per=esito`, 'rollup:mese')).totals).toEqual({ totale: 230, numero: before.numero + 1, medio: 23 });
    await service().update({ codice: 'I090' }, { esito: 'ST' });
    expect((await fromRollup(sede, `${MONTHS}&per=esito`, 'rollup:mese')).totals).toEqual(before);
    await service().update({ codice: 'I090' }, { esito: 'KO', data: '2026-07-01' });
    expect((await fromRollup(sede, `${MONTHS}&per=mese`, 'rollup:mese')).rows).toContainEqual({ key: '2026-07', label: 'luglio 2026', totale: 9.5, numero: 1, medio: 9.5 });
    await service().delete({ codice: 'I090' });
    expect((await fromRollup(sede, `${MONTHS}&per=esito`, 'rollup:mese')).totals).toEqual(before);
    // No rollup row stays behind for July, where no takings are left.
    expect((await rollupRows('incasso_rollup_incassi_totali_mese')).filter((r) => String(r.data).startsWith('2026-07'))).toEqual([]);
  });

  it('is left as it was by a write whose transaction fails after the rollup moved', async () => {
    const before = { mese: await rollupRows('incasso_rollup_incassi_totali_mese'), giorno: await rollupRows('incasso_rollup_incassi_totali_giorno') };
    await expect(app.db.transaction(async (trx) => {
      await service().within(trx).create({ codice: 'I091', codAbi: '10001', data: '2026-06-15', importo: 100, esito: 'OK' });
      throw new Error('rolled back after the create');
    })).rejects.toThrow('rolled back after the create');
    expect(await rollupRows('incasso_rollup_incassi_totali_mese')).toEqual(before.mese);
    expect(await rollupRows('incasso_rollup_incassi_totali_giorno')).toEqual(before.giorno);
  });

  it('is rebuilt from the rows into the same rollup rows the writes left', async () => {
    await service().create({ codice: 'I092', codAbi: '20002', data: '2026-08-03', importo: 5, esito: 'KO' });
    const kept = { mese: await rollupRows('incasso_rollup_incassi_totali_mese'), giorno: await rollupRows('incasso_rollup_incassi_totali_giorno') };
    expect(await rebuildRollups(app.db, app.artifacts.model, 'IncassiTotali')).toEqual([
      { table: 'incasso_rollup_incassi_totali_mese', rows: kept.mese.length },
      { table: 'incasso_rollup_incassi_totali_giorno', rows: kept.giorno.length },
    ]);
    expect(await rollupRows('incasso_rollup_incassi_totali_mese')).toEqual(kept.mese);
    expect(await rollupRows('incasso_rollup_incassi_totali_giorno')).toEqual(kept.giorno);
    // The planner knows the new rows: the rebuild analysed each table.
    for (const table of ['incasso_rollup_incassi_totali_mese', 'incasso_rollup_incassi_totali_giorno']) expect(await analysedRows(table), table).toBe(kept[table.endsWith('mese') ? 'mese' : 'giorno'].length);
    // Stored by bank, then period (a bank's months together on disk): the physical order of the rows.
    for (const table of ['incasso_rollup_incassi_totali_mese', 'incasso_rollup_incassi_totali_giorno']) {
      const stored = await app.db(table).select('cod_abi', 'data').orderByRaw(isPostgres(app.db) ? 'ctid' : 'rowid');
      const keys = stored.map((r: { cod_abi: unknown; data: unknown }) => `${String(r.cod_abi)} ${String(r.data instanceof Date ? r.data.toISOString() : r.data).slice(0, 10)}`);
      expect(keys, table).toEqual([...keys].sort());
    }
    await expect(rebuildRollups(app.db, app.artifacts.model, 'Incassi')).rejects.toThrow('Report Incassi has no rollups; reports with rollups: IncassiTotali.');
  });
});
