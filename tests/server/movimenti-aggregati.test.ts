/**
 * The merchant's aggregate movements and home figures (seed 002 §2 "Merchant business-profile routes" and "Merchant
 * home", §6): GET /report/wpbusiness/movimenti/aggregato (spec/statistiche/movimenti-aggregati.yaml), which the home
 * dashboard (spec/statistiche/home-esercente.yaml) asks for the last 7 days. Exact figures of the demo movements
 * (scripts/demo-movimenti.ts) for the merchant and its operator, the channel of each movement, the scope enforced by
 * the server whatever the filter asks.
 */
import { describe, expect, it } from 'vitest';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';

const URL = `${API}/report/wpbusiness/movimenti/aggregato`;
/** A week of the demo in which the merchant took money at its three stores (the home's 7 days up to 13/11/2026). */
const WEEK = 'dataOperazioneDa=2026-11-07&dataOperazioneA=2026-11-13';

type Row = { key: string | null; label: string; transato: number; operazioni: number; media: number | null };
interface Report { dimension: string; rows: Row[]; totals: Omit<Row, 'key' | 'label'>; truncated: boolean }
const reportOf = (res: { body: Report }): Report => res.body;

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;

describe('the merchant home\'s figures: last 7 days by channel (seed 002 §2 Merchant home)', () => {
  it('gives merchant.0001234 the total, count and average of its three stores, all at the POS', async () => {
    const res = await as['merchant.0001234'].get(`${URL}?${WEEK}&per=canale`);
    expect(res.status).toBe(200);
    expect(reportOf(res)).toEqual({
      dimension: 'canale',
      rows: [{ key: 'POS', label: 'POS', transato: 21.05, operazioni: 3, media: 7.02 }],
      totals: { transato: 21.05, operazioni: 3, media: 7.02 },
      truncated: false,
    });
  });

  it('gives operatore.0001234 only its store 1001, and nothing of the others even when it asks for them', async () => {
    const own = await as['operatore.0001234'].get(`${URL}?${WEEK}&per=canale`);
    expect(own.status).toBe(200);
    expect(reportOf(own).totals).toEqual({ transato: 10.3, operazioni: 1, media: 10.3 });
    const other = await as['operatore.0001234'].get(`${URL}?${WEEK}&per=canale&codStab=1002`);
    expect(other.status).toBe(200);
    expect(reportOf(other)).toMatchObject({ rows: [], totals: { transato: 0, operazioni: 0, media: null } });
    const byStore = await as['operatore.0001234'].get(`${URL}?${WEEK}&per=negozio`);
    expect(reportOf(byStore).rows.map((r) => [r.key, r.label, r.transato])).toEqual([['1001', '1001 - Bar Centrale', 10.3]]);
  });

  it('answers the merchant per store with the stores\' names, and for the store the selector picks', async () => {
    const byStore = await as['merchant.0001234'].get(`${URL}?${WEEK}&per=negozio`);
    expect(reportOf(byStore).rows.map((r) => [r.key, r.label, r.transato, r.operazioni])).toEqual([
      ['1001', '1001 - Bar Centrale', 10.3, 1], ['1002', '1002 - Bar Centrale Stazione', 8, 1], ['1003', '1003 - Bar Centrale Monza', 2.75, 1],
    ]);
    const one = await as['merchant.0001234'].get(`${URL}?${WEEK}&per=canale&codStab=1002`);
    expect(reportOf(one).totals).toEqual({ transato: 8, operazioni: 1, media: 8 });
  });

  it('splits the bank\'s movements by POS, online payment and pay-by-mail, named by their labels', async () => {
    const week = await as['sede.30480'].get(`${URL}?${WEEK}&per=canale`);
    expect(reportOf(week).rows.map((r) => [r.key, r.label, r.transato, r.operazioni])).toEqual([['ONL', 'Pagamento online', 112.34, 2], ['POS', 'POS', 1254.17, 20]]);
    expect(reportOf(week).totals).toEqual({ transato: 1366.51, operazioni: 22, media: 62.11 });
    const mail = await as['sede.30480'].get(`${URL}?dataOperazioneDa=2026-10-20&dataOperazioneA=2026-10-26&per=canale`);
    expect(reportOf(mail).rows.map((r) => [r.key, r.label, r.transato, r.operazioni])).toEqual([['PBM', 'Pay by mail', 24.7, 1], ['POS', 'POS', 1344.64, 19]]);
  });

  it('gives every demo user the figures of its own movements by channel over three months', async () => {
    const from = '2026-08-26';
    const to = '2026-11-25';
    const channel = (m: DemoMovement) => (m.paybymail ? 'PBM' : m.provenienza === 'FI' || m.provenienza === 'SP' ? 'POS' : 'ONL');
    const counted = (m: DemoMovement) => m.dataOperazione >= from && m.dataOperazione <= to && m.esito === '01' && m.codCompagnia !== '90';
    for (const [user, sees] of Object.entries(MOVEMENT_SCOPE)) {
      const rows = demoMovements().filter((m) => counted(m) && sees(m));
      const want = new Map<string, number>();
      for (const m of rows) want.set(channel(m), (want.get(channel(m)) ?? 0) + 1);
      const res = await as[user].get(`${URL}?dataOperazioneDa=${from}&dataOperazioneA=${to}&per=canale`);
      expect(res.status, user).toBe(200);
      expect(Object.fromEntries(reportOf(res).rows.map((r) => [r.key, r.operazioni])), user).toEqual(Object.fromEntries(want));
      expect(reportOf(res).totals.transato, user).toBe(Math.round(rows.reduce((s, m) => s + m.importo, 0) * 100) / 100);
    }
  });

  it('refuses a period longer than the movements\' 3 months with the movements\' message', async () => {
    const res = await as['merchant.0001234'].get(`${URL}?dataOperazioneDa=2026-06-01&dataOperazioneA=2026-11-13&per=canale`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Il periodo di ricerca non può superare i 3 mesi');
  });
});

describe('the merchant variant of the movements search (seed 002 §2 business statistiche/movimenti)', () => {
  const LIST = `${API}/wpbusiness/movimenti`;
  type Page = { results: { id: string; codStab: string; canale: string; importo: number }[]; totalCount: number };
  const pageOf = (res: { body: Page }): Page => res.body;

  it('lists merchant.0001234 its own movements of the week, newest first, with their channel', async () => {
    const res = await as['merchant.0001234'].get(`${LIST}?${WEEK}`);
    expect(res.status).toBe(200);
    const want = demoMovements().filter((m) => m.codEserc === '0001234' && m.dataOperazione >= '2026-11-07' && m.dataOperazione <= '2026-11-13');
    expect(pageOf(res).results.map((r) => r.id)).toEqual([...want].sort((a, b) => b.dataOperazione.localeCompare(a.dataOperazione) || b.id.localeCompare(a.id)).map((m) => m.id));
    expect(new Set(pageOf(res).results.map((r) => r.canale))).toEqual(new Set(['POS']));
  });

  it('lists the operator only store 1001, and refuses it another store\'s movement by id', async () => {
    const mine = await as['operatore.0001234'].get(`${LIST}?${WEEK}`);
    expect(pageOf(mine).results.map((r) => r.codStab)).toEqual(['1001']);
    const other = demoMovements().find((m) => m.codStab === '1002');
    const res = await as['operatore.0001234'].get(`${LIST}/${other?.id ?? ''}`);
    expect(res.status).toBe(404);
    const stranger = demoMovements().find((m) => m.codEserc === '0005678');
    expect((await as['merchant.0001234'].get(`${LIST}/${stranger?.id ?? ''}`)).status).toBe(404);
  });
});
