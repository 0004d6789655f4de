/**
 * A paged report grouping (docs/spec-language.md#paged-groupings) on the fixture's takings
 * (tests/fixtures/spec/catalogo/incassi-report.yaml: `limit: 50`, `paging: { pageSize: 20 }`): 55 days of takings of
 * bank 10001 answer 20, 20 and 15 groups on pages 1-3, none on page 4, each page with the number of groups and the
 * totals over all of them, the same from the day rollup as from the rows; the sheet holds all 55 days, past the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '../../../common/model.js';
import { rebuildRollups } from '../../../server/reports/rollup-sql.js';
import { binaryBody } from '../../support/binary-body.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { sheetCells } from '../../support/sheet-cells.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let sede: TestApp['request'];
let altra: TestApp['request'];

const DAYS = 55;
/** 2025-01-01 plus `i` days, as the takings' date. */
const day = (i: number) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
/** Day i takes i + 1 euro: 55 days add up to 1 + 2 + ... + 55 = 1540. */
const TOTAL = (DAYS * (DAYS + 1)) / 2;

beforeAll(async () => {
  app = await createFixtureApp();
  const entity = entityByName(app.artifacts.model, 'Incasso');
  const column = (name: string) => entity.fields.find((f) => f.name === name)?.column ?? name;
  const row = (codice: string, codAbi: string, data: string, importo: number) => ({ [column('codice')]: codice, [column('codAbi')]: codAbi, [column('data')]: data, [column('importo')]: importo, [column('esito')]: 'OK' });
  // Written as a bulk load would be, then the rollups rebuilt from the rows (docs/spec-language.md#rollups).
  await app.db(entity.table).insert([
    ...Array.from({ length: DAYS }, (_, i) => row(`I${String(100 + i)}`, '10001', day(i), i + 1)),
    row('I999', '20002', day(0), 1000),
  ]);
  await rebuildRollups(app.db, app.artifacts.model, 'IncassiTotali');
  sede = await app.loginAs('sede.10001');
  altra = await app.loginAs('sede.20002');
});
afterAll(() => app.close());

const URL = `${API}/report/catalogo/incassi`;
const PERIOD = 'dataDa=2025-01-01&dataA=2025-03-31';
interface Answer { rows: { key: string; totale: number }[]; totals: Record<string, number>; page?: number; groups?: number; truncated: boolean }

/** A page read from the day rollup, checked against the same page read from the rows. */
async function page(n: number): Promise<Answer> {
  const rolled = await sede.get(`${URL}?${PERIOD}&per=giorno&pagina=${n}`);
  const raw = await sede.get(`${URL}?${PERIOD}&per=giorno&pagina=${n}`).set('X-Report-Source', 'raw');
  expect(rolled.status).toBe(200);
  expect(rolled.headers['x-report-source']).toBe('rollup:giorno');
  expect(raw.headers['x-report-source']).toBe('raw');
  expect(rolled.body).toEqual(raw.body);
  const answer: Answer = rolled.body;
  return answer;
}

describe('a paged report grouping (spec `paging: { pageSize: 20 }`, limit 50)', () => {
  it('answers 20, 20 and 15 days on pages 1-3, in the grouping\'s order, none twice; each page with 55 groups and the totals of all', async () => {
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.rows.length)).toEqual([20, 20, 15]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.key))).toEqual(Array.from({ length: DAYS }, (_, i) => day(i)));
    expect(pages[1].rows[0]).toEqual({ key: '2025-01-21', label: '21/01/2025', totale: 21, numero: 1, medio: 21 });
    for (const [i, p] of pages.entries()) {
      expect(p).toMatchObject({ page: i + 1, groups: DAYS, truncated: false, totals: { totale: TOTAL, numero: DAYS, medio: 28 } });
    }
  });

  it('answers a page past the last with no row, the number of groups and the totals still', async () => {
    expect(await page(4)).toEqual({ dimension: 'giorno', rows: [], page: 4, groups: DAYS, truncated: false, totals: { totale: TOTAL, numero: DAYS, medio: 28 } });
  });

  it('without `pagina` answers the first groups up to the limit, as a chart asks them', async () => {
    const res = await sede.get(`${URL}?${PERIOD}&per=giorno`);
    expect(res.body.rows).toHaveLength(50);
    expect(res.body.truncated).toBe(true);
    expect(res.body).not.toHaveProperty('page');
    expect((await sede.get(`${URL}?${PERIOD}&per=giorno&limite=12`)).body.rows).toHaveLength(12);
  });

  it('refuses a page that is not a number from 1', async () => {
    for (const bad of ['0', 'due', '-1']) {
      const res = await sede.get(`${URL}?${PERIOD}&per=giorno&pagina=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['pagina']);
    }
  });

  it('keeps another bank to its own takings on every page', async () => {
    const res = await altra.get(`${URL}?${PERIOD}&per=giorno&pagina=1`);
    expect(res.body).toMatchObject({ rows: [{ key: '2025-01-01', totale: 1000 }], groups: 1, totals: { totale: 1000, numero: 1 } });
  });
});

describe('the sheet of a paged grouping', () => {
  it('holds every group, past the limit of 50 and the page asked, in the page\'s order, with the totals', async () => {
    const res = await sede.get(`${URL}/esporta?dataDa=2025-01-01&dataA=2025-03-31&per=giorno&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    const cells = await sheetCells(res.body);
    expect(cells).toHaveLength(1 + DAYS + 1);
    expect(cells[0]).toEqual(['Giorno', 'Totale', 'Numero', 'Importo medio']);
    expect(cells.slice(1, -1).map((r) => r[0])).toEqual(Array.from({ length: DAYS }, (_, i) => day(i).split('-').reverse().join('/')));
    expect(cells.at(-1)).toEqual(['Totale', TOTAL, DAYS, 28]);
  });
});
