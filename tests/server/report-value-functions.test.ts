/**
 * Issue 18: a report grouping's values tied to a function (report `valueFunctions`, docs/spec-language.md#reports).
 * The merchant's aggregate movements (spec/statistiche/movimenti-aggregati.yaml) tie the channel "Pay by mail" (PBM)
 * to PWMAIL: a merchant whose merchant has pay by mail off (merchant.0003456, hasPwMail false; functions.yaml
 * requiresMerchantFlag) gets no "Pay by mail" group and the answer lists PBM in `withheld`, while its totals still
 * count every movement; a merchant with it (merchant.0001234) and the bank see the group. The home dashboard's chart
 * values carry the function, for the shell to draw no column of a withheld value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_SOURCE_HEADER } from '../../server/reports/report-route.js';
import { ROOT_DIR } from '../../server/config.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const URL = `${API}/report/wpbusiness/movimenti/aggregato`;
const DAY = '2026-11-20';
const QUERY = `dataOperazioneDa=${DAY}&dataOperazioneA=${DAY}&per=canale`;

type Agent = TestApp['request'];
let app: TestApp;
const as: Record<string, Agent> = {};

/** A pay-by-mail movement of the merchant on DAY, cloned from one of its demo movements. */
async function payByMail(codEserc: string, id: string, importo: number): Promise<void> {
  const model = app.artifacts.model;
  const entity = model.entities.find((e) => e.name === 'Transazione');
  if (!entity) throw new Error('no Transazione');
  const column = (name: string) => entity.fields.find((f) => f.name === name)?.column ?? name;
  const row: Record<string, unknown> = await app.db(entity.table).where(column('codEserc'), codEserc).first();
  const day: Record<string, unknown> = await app.db(entity.table).where(column('codEserc'), codEserc).first(column('dataOperazione'));
  expect(row).toBeDefined();
  await app.db(entity.table).insert({
    ...row, [column('id')]: id, [column('paybymail')]: true, [column('canale')]: 'PBM', [column('provenienza')]: 'PW', [column('importo')]: importo,
    [column('esito')]: '01', [column('codCompagnia')]: '20', [column('dataOperazione')]: typeof day[column('dataOperazione')] === 'string' ? DAY : new Date(`${DAY}T00:00:00Z`),
  });
}

beforeAll(async () => {
  app = await createTestApp();
  for (const u of ['merchant.0001234', 'merchant.0003456']) as[u] = await app.loginAs(u, 'merchant');
  as.assistenza = await app.loginAs('assistenza');
  await payByMail('0001234', '2026112010000000000001', 30);
  await payByMail('0003456', '2026112010000000000002', 40);
}, 240_000);
afterAll(() => app.close());

const ask = (user: string) => as[user].get(`${URL}?${QUERY}`).set(REPORT_SOURCE_HEADER, 'raw');
const groups = (body: { rows: { key: string; label: string; transato: number }[] }) => body.rows.map((r) => [r.key, r.label, r.transato]);

describe('a channel tied to pay by mail (valueFunctions PBM: PWMAIL)', () => {
  it('shows merchant.0001234, whose merchant has pay by mail, its "Pay by mail" group', async () => {
    const res = await ask('merchant.0001234');
    expect(res.status).toBe(200);
    expect(groups(res.body)).toContainEqual(['PBM', 'Pay by mail', 30]);
    expect(res.body.withheld).toBeUndefined();
  });

  // Bank staff, whose roles hold no PWMAIL grant, still see the channel: tests/server/movimenti-aggregati.test.ts.
  it('shows assistance the merchant\'s "Pay by mail" group: nothing is withheld from it', async () => {
    const res = await as.assistenza.get(`${URL}?${QUERY}&codStab=3001`).set(REPORT_SOURCE_HEADER, 'raw');
    expect(res.status).toBe(200);
    expect(groups(res.body)).toContainEqual(['PBM', 'Pay by mail', 40]);
    expect(res.body.withheld).toBeUndefined();
  });

  it('gives merchant.0003456 (hasPwMail off) no "Pay by mail" group, and its totals still count the movement', async () => {
    const res = await ask('merchant.0003456');
    expect(res.status).toBe(200);
    expect(groups(res.body).map(([key]) => key)).not.toContain('PBM');
    expect(res.body.withheld).toEqual(['PBM']);
    expect(res.body.totals.transato).toBeGreaterThanOrEqual(40);
  });

  it('declares the function on the home dashboard\'s chart values, for the shell to leave the column out', () => {
    const manifest: { dashboards: Record<string, { charts: { values?: { value: string; label: string; function?: string }[] }[] }> } = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'manifest.json'), 'utf8'));
    const { charts } = manifest.dashboards.HomeEsercente;
    expect(charts.length).toBe(3);
    for (const chart of charts) {
      expect(chart.values?.map((v) => [v.value, v.label, v.function])).toEqual([
        ['POS', 'POS', undefined], ['ONL', 'Pagamento online', undefined], ['PBM', 'Pay by mail', 'PWMAIL'],
      ]);
    }
  });
});
