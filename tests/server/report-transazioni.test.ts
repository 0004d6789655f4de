/**
 * The monthly transaction reports (seed 002 §2 /report/trasrepo GES_TRANS_REPORT and /report/trasrepoeserc
 * GES_TRANS_REP_ESERC, Screens "Transaction report list: PDF download per bank or per merchant"; §7 transactionReport,
 * transrepoeserc reportslist and createreport; §8; §9 10 a page): "create report" for a month writes the month's
 * summary into a PDF, the lists page by 10, each report downloads as a real PDF. Figures recomputed here from the
 * demo movements; another bank's or merchant's reports are 404 and never listed.
 */
import { describe, expect, it } from 'vitest';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { binaryBody } from '../support/binary-body.js';
import { pdfText } from '../support/pdf-text.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { API } from '../support/test-app.js';
import { cents } from '../support/money.js';

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234'] });
const { as } = demo;

const isRefund = (m: DemoMovement) => m.flagStorno && !m.flagPreautorizzazione;
/** The summary of a month's movements that `keep` selects: sales, turnover, refunds, net. */
function monthOf(month: string, keep: (m: DemoMovement) => boolean) {
  const rows = demoMovements().filter((m) => keep(m) && m.dataOperazione.startsWith(month) && m.esito === '01' && m.codCompagnia !== '90');
  const sales = rows.filter((m) => !isRefund(m));
  const refunds = rows.filter(isRefund);
  const sum = (l: DemoMovement[]) => l.reduce((s, m) => s + m.importo, 0);
  return { operazioni: sales.length, transato: cents(sum(sales)), storni: cents(sum(refunds)), netto: cents(sum(sales) - sum(refunds)) };
}
/** 12345.6 as the PDF writes it: 12.345,60. */
const euro = (n: number) => n.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const bytesOf = (res: { body: Buffer }): Buffer => res.body;
const mesiOf = (res: { body: { results: { mese: string }[] } }): string[] => res.body.results.map((r) => r.mese);
const pdfOf = async (agent: (typeof as)[string], path: string) => agent.get(path).buffer(true).parse(binaryBody);

describe('bank transaction reports (seed 002 §2 /report/trasrepo)', () => {
  let id = '';

  it('creates September\'s report of bank 30480 with its figures and a PDF written from them', async () => {
    const res = await as['sede.30480'].post(`${API}/trasrepo/createreport`).send({ codAbi: '30480', mese: '2026-09' });
    expect(res.status).toBe(200);
    const want = monthOf('2026-09', (m) => m.codAbi === '30480');
    expect(want.storni).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ codAbi: '30480', mese: '2026-09', creatoDa: 'sede.30480', ...want });
    expect(typeof res.body.documento).toBe('string');
    id = String(res.body.id);
    const file = await pdfOf(as['sede.30480'], `${API}/trasrepo/${id}/documento`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('Report_transazioni_30480_2026-09.pdf');
    const raw = bytesOf(file).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    const text = pdfText(bytesOf(file));
    expect(text.split('\n')[0]).toBe('Report transazioni - settembre 2026');
    expect(text).toContain('Periodo: dal 01/09/2026 al 30/09/2026');
    expect(text).toContain(euro(want.netto));
    expect(text).toContain(euro(want.storni));
    expect(text).toMatch(/Pagina 1 di \d+$/);
  });

  it('refuses the same month twice, an empty month, a future month, with the messages on mese', async () => {
    const twice = await as['sede.30480'].post(`${API}/trasrepo/createreport`).send({ codAbi: '30480', mese: '2026-09' });
    expect(twice.status).toBe(409);
    expect(twice.body.details).toEqual([{ field: 'mese', message: 'Il report di questo mese è già stato creato' }]);
    const empty = await as['sede.30480'].post(`${API}/trasrepo/createreport`).send({ codAbi: '30480', mese: '2025-01' });
    expect(empty.status).toBe(404);
    expect(empty.body.details).toEqual([{ field: 'mese', message: 'Dati non disponibili per il periodo selezionato.' }]);
    const future = await as['sede.30480'].post(`${API}/trasrepo/createreport`).send({ codAbi: '30480', mese: '2099-01' });
    expect(future.status).toBe(400);
    expect(future.body.details).toEqual([{ field: 'mese', message: 'Il mese di riferimento non può essere successivo al mese corrente' }]);
  });

  it('searches the list by a month (format mese): the month given finds its report, a month not written yyyy-mm finds none', async () => {
    const found = await as['sede.30480'].get(`${API}/trasrepo?mese=2026-09`);
    expect(found.status).toBe(200);
    expect(mesiOf(found)).toEqual(['2026-09']);
    const wrong = await as['sede.30480'].get(`${API}/trasrepo?mese=09%2F2026`);
    expect(wrong.status).toBe(200);
    expect(mesiOf(wrong)).toEqual([]);
  });

  it('keeps another bank out: no report of 30480 created, listed, read or downloaded by sede.60855', async () => {
    const create = await as['sede.60855'].post(`${API}/trasrepo/createreport`).send({ codAbi: '30480', mese: '2026-08' });
    expect(create.status).toBe(404);
    expect(create.body.details).toEqual([{ field: 'codAbi', message: 'Banca inesistente' }]);
    const list = await as['sede.60855'].get(`${API}/trasrepo`);
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([]);
    expect((await as['sede.60855'].get(`${API}/trasrepo/${id}`)).status).toBe(404);
    const file = await as['sede.60855'].get(`${API}/trasrepo/${id}/documento`);
    expect(file.status).toBe(404);
    expect(file.text).not.toContain('%PDF');
    // Without the function: a branch and a merchant.
    expect((await as['filiale.30480'].get(`${API}/trasrepo`)).status).toBe(403);
    expect((await as['merchant.0001234'].post(`${API}/trasrepo/createreport`).send({ codAbi: '30480', mese: '2026-09' })).status).toBe(403);
  });
});

describe('merchant transaction reports (seed 002 §2 /report/trasrepoeserc)', () => {
  it('creates a merchant\'s month with the merchant\'s figures only', async () => {
    const res = await as['sede.30480'].post(`${API}/trasrepoeserc/createreport`).send({ codEserc: '0005678', mese: '2026-09' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ codAbi: '30480', codEserc: '0005678', mese: '2026-09', ...monthOf('2026-09', (m) => m.codEserc === '0005678') });
    const file = await pdfOf(as['sede.30480'], `${API}/trasrepoeserc/${String(res.body.id)}/documento`);
    expect(pdfText(bytesOf(file))).toContain('Esercente: 0005678');
  });

  it('lists 10 a page, newest month first, and only the caller\'s merchants', async () => {
    const months = ['2026-06', '2026-07', '2026-08', '2026-10', '2026-11'];
    for (const codEserc of ['0001234', '0005678', '0004567']) {
      for (const mese of months) {
        const res = await as['sede.30480'].post(`${API}/trasrepoeserc/createreport`).send({ codEserc, mese });
        expect([200, 404], `${codEserc} ${mese}`).toContain(res.status);
      }
    }
    const page = await as['sede.30480'].get(`${API}/trasrepoeserc`);
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBeGreaterThan(10);
    expect(page.body.results).toHaveLength(10);
    const mesi = mesiOf(page);
    expect(mesi).toEqual([...mesi].sort().reverse());
    const other = await as['sede.60855'].get(`${API}/trasrepoeserc`);
    expect(other.body.results).toEqual([]);
    const refused = await as['sede.60855'].post(`${API}/trasrepoeserc/createreport`).send({ codEserc: '0001234', mese: '2026-09' });
    expect(refused.status).toBe(404);
    expect(refused.body.details).toEqual([{ field: 'codEserc', message: 'Esercente inesistente' }]);
  });
});
