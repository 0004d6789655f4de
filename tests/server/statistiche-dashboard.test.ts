/**
 * The statistics dashboard (seed 002 §2 /statistiche/dashboard STAT_DASHBOARD; §3 "Dashboard: daily movements with
 * physical/virtual credit/debit OK/KO counts; per circuit acid and flagDebitoCredito"; §7 statDashboard transactions,
 * transactionsCircuito, statisticheMese; §9 company 90 excluded from turnover), the report of
 * spec/statistiche/statistiche-dashboard.yaml that spec/statistiche/dashboard.yaml shows: a day's movements by kind,
 * card and outcome and by circuit, the month's per day, computed here from the demo's generator
 * (scripts/demo-movimenti.ts), in each bank user's scope.
 */
import { describe, expect, it } from 'vitest';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';

const URL_ = `${API}/report/statistiche/dashboard`;
const DEMO = demoMovements();
const DAY = '2026-10-10';
const SCOPE: Record<string, (m: DemoMovement) => boolean> = {
  assistenza: () => true,
  'sede.30480': (m) => m.codAbi === '30480',
  'sede.60855': () => false,
};
/** Seed 002 §1: FI (and a SoftPOS) physical, PW and MO virtual. */
const tipologia = (m: DemoMovement) => (m.provenienza === 'FI' || m.provenienza === 'SP' ? 'F' : 'V');
const LABELS: Record<string, string> = { F: 'Fisico', V: 'Virtuale', D: 'Debito', C: 'Credito', '01': 'Approvata', '00': 'Rifiutata' };
/** Turnover in whole cents: approved, not company 90. */
const turnover = (rows: DemoMovement[]) => rows.filter((m) => m.esito === '01' && m.codCompagnia !== '90').reduce((s, m) => s + Math.round(m.importo * 100), 0) / 100;

interface Answer { dimension: string; rows: { key: string | null; label: string; operazioni: number; transato: number }[]; totals: { operazioni: number; transato: number } }
const answerOf = (res: { body: Answer }): Answer => res.body;

function grouped(rows: DemoMovement[], keyOf: (m: DemoMovement) => string, labelOf: (key: string) => string) {
  const keys = [...new Set(rows.map(keyOf))];
  return keys.map((key) => {
    const group = rows.filter((m) => keyOf(m) === key);
    return { key, label: labelOf(key), operazioni: group.length, transato: turnover(group) };
  });
}
const byKey = (a: { key: string | null }, b: { key: string | null }) => String(a.key).localeCompare(String(b.key));

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'] });
const { as } = demo;

describe('a day\'s movements by kind, card and outcome (seed 002 §3 Dashboard)', () => {
  it('counts the bank\'s movements of the day physical/virtual x debit/credit x OK/KO, the turnover without company 90 nor refusals', async () => {
    for (const user of ['assistenza', 'sede.30480']) {
      const res = await as[user].get(`${URL_}?dataOperazioneDa=${DAY}&dataOperazioneA=${DAY}&per=tipo`);
      expect(res.status, user).toBe(200);
      const day = DEMO.filter((m) => m.dataOperazione === DAY && SCOPE[user](m));
      expect(day.length, user).toBeGreaterThan(3);
      const want = grouped(day, (m) => `${tipologia(m)}|${m.debitoCredito}|${m.esito}`, (k) => k.split('|').map((v) => LABELS[v]).join(' · '));
      const body = answerOf(res);
      expect([...body.rows].sort(byKey), user).toEqual(want.sort(byKey));
      expect(body.totals, user).toEqual({ operazioni: day.length, transato: turnover(day) });
    }
  });

  it('has physical and virtual, debit and credit movements in the demo month, and refused ones', () => {
    const month = DEMO.filter((m) => m.dataOperazione.startsWith('2026-10') && m.codAbi === '30480');
    for (const test of [(m: DemoMovement) => tipologia(m) === 'V', (m: DemoMovement) => m.debitoCredito === 'C', (m: DemoMovement) => m.esito === '00', (m: DemoMovement) => m.codCompagnia === '90']) {
      expect(month.some(test)).toBe(true);
    }
  });

  it('breaks the day down by circuit', async () => {
    const res = await as['sede.30480'].get(`${URL_}?dataOperazioneDa=${DAY}&dataOperazioneA=${DAY}&per=circuito`);
    const day = DEMO.filter((m) => m.dataOperazione === DAY && m.codAbi === '30480');
    const names: Record<string, string> = { '00': 'PagoBancomat', '01': 'Visa', '02': 'Mastercard', '03': 'Maestro', '04': 'American Express', '05': 'JCB', '06': 'UnionPay', '07': 'Diners' };
    expect([...answerOf(res).rows].sort(byKey)).toEqual(grouped(day, (m) => m.codCircuito, (k) => names[k]).sort(byKey));
  });

  it('gives the month\'s turnover and count per day (statisticheMese)', async () => {
    const res = await as['sede.30480'].get(`${URL_}?dataOperazioneDa=2026-10-01&dataOperazioneA=2026-10-31&per=giorno`);
    const month = DEMO.filter((m) => m.dataOperazione.startsWith('2026-10') && m.codAbi === '30480');
    const want = grouped(month, (m) => m.dataOperazione, (k) => `${k.slice(8, 10)}/${k.slice(5, 7)}/${k.slice(0, 4)}`).sort(byKey);
    expect(answerOf(res).rows).toEqual(want);
    expect(want.length).toBeGreaterThan(20);
  });
});

describe('each bank sees its own (seed 002 §6)', () => {
  it('answers a bank with no movements zero, and another bank\'s code nothing of that bank', async () => {
    const none = await as['sede.60855'].get(`${URL_}?dataOperazioneDa=${DAY}&dataOperazioneA=${DAY}&per=tipo`);
    expect(none.status).toBe(200);
    expect(answerOf(none)).toMatchObject({ rows: [], totals: { operazioni: 0, transato: 0 } });
    const other = await as['sede.30480'].get(`${URL_}?dataOperazioneDa=${DAY}&dataOperazioneA=${DAY}&per=tipo&codAbi=34256`);
    expect(DEMO.some((m) => m.dataOperazione === DAY && m.codAbi === '34256')).toBe(true);
    expect([200, 403]).toContain(other.status);
    if (other.status === 200) expect(answerOf(other)).toMatchObject({ rows: [], totals: { operazioni: 0, transato: 0 } });
  });

  it('refuses a branch user (no STAT_DASHBOARD) and a period over a month', async () => {
    expect((await as['filiale.30480'].get(`${URL_}?dataOperazioneDa=${DAY}&dataOperazioneA=${DAY}`)).status).toBe(403);
    const long = await as['sede.30480'].get(`${URL_}?dataOperazioneDa=2026-08-01&dataOperazioneA=2026-10-15`);
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([{ field: 'dataOperazioneDa', message: 'Il periodo della dashboard non può superare un mese' }]);
  });
});
