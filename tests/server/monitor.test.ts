/**
 * The monitors of seed 002 (§2 /security/... routes, §3 Monitor row and Fraud thresholds, §4 Monitors, §5, §6, §7
 * "Monitors and thresholds", §9 monitors 30 a page), declared in spec/monitor/: the reversals and monthly transacted
 * monitors with their unblock (counters to 0, in one transaction, support only), the stores' fraud thresholds, the
 * risk recipients ('Selezionare una banca') and the risk mail templates (6 recipient slots, the §5 messages). Scope:
 * a bank user sees its bank, a branch user its cab, a merchant nothing (403).
 */
import { describe, expect, it } from 'vitest';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { etagOf } from '../support/versions.js';

type Row = Record<string, unknown>;
const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234'] });
const { as } = demo;

const invalid = (...details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details });
/** Seed 002 §9: monitors 30 a page, the page size the list answers without ?size=. */
const pageSizeOf = (entity: string) => demo.app.artifacts.model.entities.find((e) => e.name === entity)?.api.pageSize;
/** A PUT with the row's current version, read by the same caller (404 when it may not read it). */
async function put(user: string, url: string, body: object, item = url) {
  const read = await as[user].get(item);
  return as[user].put(url).set('If-Match', read.status === 200 ? await etagOf(as[user], item) : '"0"').send(body);
}
const codes = (res: { body: { results: Row[] } }, field: string) => res.body.results.map((r) => r[field]).sort();

describe('reversals monitor (seed 002 §2 /security/stornimonitor, §4, §9)', () => {
  it('answers 30 a page; a bank user sees its bank, a branch user its cab, assistance every bank', async () => {
    const all = await as.assistenza.get(`${API}/stornimonitor`);
    expect(all.status).toBe(200);
    expect(pageSizeOf('MonitorStorni')).toBe(30);
    expect(codes(all, 'codiceSiaEsercente')).toEqual(['S0001234', 'S0002345', 'S0003456', 'S0004567', 'S0005678']);
    const bank = await as['sede.30480'].get(`${API}/stornimonitor`);
    expect(codes(bank, 'codiceSiaEsercente')).toEqual(['S0001234', 'S0002345', 'S0004567', 'S0005678']);
    const branch = await as['filiale.30480'].get(`${API}/stornimonitor`);
    expect(codes(branch, 'codiceSiaEsercente')).toEqual(['S0001234', 'S0004567', 'S0005678']);
    expect((await as['sede.60855'].get(`${API}/stornimonitor`)).body.results).toEqual([]);
    // Another bank's position does not exist for a bank user (404), whatever the route.
    expect((await as['sede.30480'].get(`${API}/stornimonitor/34256/S0003456`)).status).toBe(404);
    // The state filter (seed §9 default ALL: none) keeps the blocked ones.
    expect(codes(await as['sede.30480'].get(`${API}/stornimonitor?stato=S`), 'codiceSiaEsercente')).toEqual(['S0001234', 'S0002345']);
  });

  it('refuses a merchant (403), without grants on the monitors', async () => {
    const res = await as['merchant.0001234'].get(`${API}/stornimonitor`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('unblocking sets bloccato to N and the counters to 0, records who and when, and is no longer offered', async () => {
    const before = await as.assistenza.get(`${API}/stornimonitor/30480/S0001234`);
    expect(before.body).toMatchObject({ bloccato: 'S', amountCur: 1840.5, nStorniCur: 12, _actions: ['sblocca'] });
    const res = await as.assistenza.post(`${API}/stornimonitor/30480/S0001234/sblocca`).send({});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Posizione sbloccata');
    expect(res.body.row).toMatchObject({ bloccato: 'N', amountCur: 0, nStorniCur: 0, dataBlocco: null, utenteSblocco: 'assistenza', _actions: [] });
    expect(res.body.row.dataSblocco).toEqual(expect.any(String));
    const stored = await demo.app.db('monitor_storni').where({ abi: '30480', codice_sia_esercente: 'S0001234' }).first();
    expect(stored).toMatchObject({ bloccato: 'N', n_storni_cur: 0, utente_sblocco: 'assistenza' });
    expect(Number(stored.amount_cur)).toBe(0);
    // A second unblock finds the position unblocked: 409 with the state's message.
    const again = await as.assistenza.post(`${API}/stornimonitor/30480/S0001234/sblocca`).send({});
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe('Operazione non consentita nello stato attuale');
  });

  it('a bank user may not unblock (seed §6: support only), nor reach another bank', async () => {
    const own = await as['sede.30480'].post(`${API}/stornimonitor/30480/S0002345/sblocca`).send({});
    expect(own.status).toBe(403);
    expect((await as['sede.30480'].get(`${API}/stornimonitor/30480/S0002345`)).body).toMatchObject({ bloccato: 'S', nStorniCur: 7, _actions: [] });
    expect((await as['sede.30480'].post(`${API}/stornimonitor/34256/S0003456/sblocca`).send({})).status).toBe(403);
    expect((await as['merchant.0001234'].post(`${API}/stornimonitor/30480/S0002345/sblocca`).send({})).status).toBe(403);
  });

  it('exports the list as an Excel file in the caller\'s scope', async () => {
    const job = await as['filiale.30480'].post(`${API}/stornimonitor/esportazioni?formato=xlsx`);
    expect(job.status).toBe(202);
    let state: Row = job.body;
    for (let i = 0; i < 200 && state.stato !== 'S' && state.stato !== 'E'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await as['filiale.30480'].get(`${API}/esportazioni/${job.body.id}`)).body;
    }
    expect(state).toMatchObject({ stato: 'S', righeScritte: 3 });
    const file = await as['filiale.30480'].get(`${API}/esportazioni/${job.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toMatch(/Monitor_storni_\d{2}-\d{2}-\d{4}\.xlsx/);
    expect((await as['filiale.30480'].post(`${API}/stornimonitor/esportazioni?formato=csv`)).status).toBe(400);
  });
});

describe('monthly transacted monitor (seed 002 §2 /security/monitortransato, §4, §7)', () => {
  it('lists by scope and month, and unblocking zeroes the month\'s turnover and operations', async () => {
    const bank = await as['sede.30480'].get(`${API}/monitorSoglieTransato?dataDa=2026-11-01&dataA=2026-11-30`);
    expect(bank.status).toBe(200);
    expect(pageSizeOf('MonitorTransato')).toBe(30);
    expect(codes(bank, 'codEsercente')).toEqual(['0001234', '0002345', '0005678']);
    expect(codes(await as['filiale.30480'].get(`${API}/monitorSoglieTransato?stato=S`), 'codEsercente')).toEqual(['0001234']);
    expect((await as['sede.30480'].post(`${API}/monitorSoglieTransato/30480/0001234/2026-11-01/sblocca`).send({})).status).toBe(403);
    const res = await as.assistenza.post(`${API}/monitorSoglieTransato/30480/0001234/2026-11-01/sblocca`).send({});
    expect(res.status).toBe(200);
    expect(res.body.row).toMatchObject({ bloccato: 'N', totaleTransatoMese: 0, numeroOperazioniMese: 0, utenteSblocco: 'assistenza' });
    // Last month's position of the same merchant is another row and keeps its figures.
    expect((await as.assistenza.get(`${API}/monitorSoglieTransato/30480/0001234/2026-10-01`)).body).toMatchObject({ totaleTransatoMese: 48710, numeroOperazioniMese: 1790 });
    expect((await as['merchant.0001234'].get(`${API}/monitorSoglieTransato`)).status).toBe(403);
  });
});

describe('fraud thresholds of the stores (seed 002 §3, §5, §7 sogliePdv)', () => {
  const path = `${API}/monitorSoglieRischioFrodi/sogliePdv`;

  it('lists the stores of the caller\'s scope with their state, filtered by state (default all)', async () => {
    const bank = await as['sede.30480'].get(path);
    expect(pageSizeOf('SogliaRischioFrodi')).toBe(30);
    expect(codes(bank, 'codNegozio')).toEqual(['1001', '1002', '1003', '2001', '4001']);
    expect(codes(await as['filiale.30480'].get(path), 'codNegozio')).toEqual(['1001', '1002', '4001']);
    expect(codes(await as['sede.30480'].get(`${path}?state=S`), 'codNegozio')).toEqual(['1001', '4001']);
    expect(codes(await as.assistenza.get(`${path}?bank=34256`), 'codNegozio')).toEqual(['3001']);
    expect((await as['merchant.0001234'].get(path)).status).toBe(403);
  });

  it('saves the thresholds: none empty, the state follows them; the store\'s identity is not the caller\'s', async () => {
    const row = (await as['sede.30480'].get(`${path}/1001`)).body;
    expect(row).toMatchObject({ stato: 'S', sogliaTransatoCNP: 5000 });
    const body = { codNegozio: '1001', sogliaTransatoCP: 50000, sogliaTransatoCNP: 7000, sogliaStorniCP: 2000, sogliaStorniCNP: 500 };
    const saved = await put('sede.30480', `${path}/1001`, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ sogliaTransatoCNP: 7000, stato: 'N', abi: '30480', mid: '000000001001' });
    // Seed §5: rounded to two decimals, the same on SQLite and PostgreSQL; a blank threshold is refused.
    const rounded = await put('sede.30480', `${path}/1001`, { ...body, sogliaStorniCP: 1999.995, sogliaStorniCNP: 12.344 });
    expect(rounded.status).toBe(200);
    expect(rounded.body).toMatchObject({ sogliaStorniCP: 2000, sogliaStorniCNP: 12.34 });
    expect((await as['sede.30480'].get(`${path}/1001`)).body).toMatchObject({ sogliaStorniCP: 2000, sogliaStorniCNP: 12.34 });
    const blank = await put('sede.30480', `${path}/1001`, { ...body, sogliaStorniCP: '' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual(invalid({ field: 'sogliaStorniCP', message: 'Campo numerico' }));
    const moved = await put('sede.30480', `${path}/1001`, { ...body, abi: '34256' });
    expect(moved.status).toBe(400);
    expect(moved.body.details).toContainEqual({ field: 'abi', message: 'Campo non previsto' });
    // A branch reads, it does not change; another bank's store does not exist for it.
    expect((await put('filiale.30480', `${path}/1001`, body)).status).toBe(403);
    expect((await put('sede.30480', `${path}/3001`, { ...body, codNegozio: '3001' })).status).toBe(404);
  });
});

describe('resetting a store\'s totals (seed 002 §7 resetSoglieTotali, §4 "resets counters to 0", §6 support only)', () => {
  const path = `${API}/monitorSoglieRischioFrodi/sogliePdv`;
  const reset = (user: string, store: string) => as[user].post(`${path}/${store}/resetSoglieTotali`).send({});

  it('sets the month\'s totals of a store past its thresholds to 0, keeps the thresholds, and records it in the audit trail', async () => {
    expect((await as.assistenza.get(`${path}/4001`)).body).toMatchObject({ stato: 'S', transatoCNP: 14300, storniCNP: 1720, _actions: ['resetSoglieTotali', 'update'] });
    const res = await reset('assistenza', '4001');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Totali del negozio azzerati');
    expect(res.body.row).toMatchObject({ stato: 'N', transatoCP: 0, transatoCNP: 0, storniCP: 0, storniCNP: 0, sogliaTransatoCNP: 20000, sogliaStorniCNP: 1500 });
    const stored = await demo.app.db('soglia_rischio_frodi').where({ cod_negozio: '4001' }).first();
    expect(stored).toMatchObject({ stato: 'N' });
    expect([stored.transato_cnp, stored.storni_cnp].map(Number)).toEqual([0, 0]);
    const audit = await as.assistenza.get(`${API}/audit?entity=SogliaRischioFrodi&key=4001`);
    expect(audit.status).toBe(200);
    expect(audit.body.results[0]).toMatchObject({ username: 'assistenza', operation: 'transition' });
    // Within its thresholds now: a second reset is refused with the state's message.
    const again = await reset('assistenza', '4001');
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe('Operazione non consentita nello stato attuale');
  });

  it('is refused to a bank user (support only) and to a caller without the grant; another bank\'s store stays as it was', async () => {
    // Another bank's store does not exist for a bank user; its own is refused (support only), as to a branch
    // without RISCHIO_FRODI:AGGIORNAMENTO and to a merchant without the function.
    expect((await as['sede.30480'].get(`${path}/3001`)).status).toBe(404);
    expect((await reset('sede.30480', '3001')).status).toBe(404);
    for (const user of ['sede.30480', 'filiale.30480', 'merchant.0001234']) {
      const res = await reset(user, '1003');
      expect(res.status, user).toBe(403);
      expect(res.body, user).toEqual({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [] });
    }
    expect((await as.assistenza.get(`${path}/3001`)).body).toMatchObject({ stato: 'S', transatoCP: 97500 });
    // A branch reads the store past its thresholds but is offered nothing; the bank is offered the thresholds' save only.
    expect((await as['filiale.30480'].get(`${path}/1001`)).body._actions ?? []).toEqual([]);
  });
});

describe('risk recipients (seed 002 §2 /security/ges-risc-destinatari, §5)', () => {
  const path = `${API}/rischio/destinatari`;

  it('asks for a bank first: \'Selezionare una banca\'', async () => {
    const res = await as.assistenza.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'abiBanca', message: 'Selezionare una banca' }));
  });

  it('reads and saves the associated users of the caller\'s bank only, in one save', async () => {
    expect(codes(await as['sede.30480'].get(`${path}?abiBanca=30480`), 'codAbi')).toEqual(['30480']);
    expect((await as['sede.30480'].get(`${path}?abiBanca=34256`)).body.results).toEqual([]);
    const row = (await as['sede.30480'].get(`${path}/30480`)).body;
    expect(row.associati).toEqual([{ codAbi: '30480', username: 'sede.30480', _labels: expect.any(Object) }].map(({ _labels, ...r }) => expect.objectContaining(r)));
    const saved = await put('sede.30480', `${path}/30480/associati`, [{ username: 'sede.30480' }, { username: 'filiale.30480' }], `${path}/30480`);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await as['sede.30480'].get(`${path}/30480`)).body.associati.map((r: Row) => r.username).sort()).toEqual(['filiale.30480', 'sede.30480']);
    // A user of another bank is refused, and nothing of the list changes.
    const other = await put('sede.30480', `${path}/30480/associati`, [{ username: 'sede.30480' }, { username: 'sede.60855' }], `${path}/30480`);
    expect(other.status).toBe(400);
    expect(other.body.details).toContainEqual({ field: '1.username', message: "L'utente non appartiene alla banca selezionata" });
    expect((await as['sede.30480'].get(`${path}/30480`)).body.associati).toHaveLength(2);
    expect((await put('sede.30480', `${path}/34256/associati`, [], `${path}/34256`)).status).toBe(404);
    expect((await as['filiale.30480'].get(`${path}?abiBanca=30480`)).status).toBe(403);
    expect((await as['merchant.0001234'].get(`${path}?abiBanca=30480`)).status).toBe(403);
  });

  it('offers as available the staff of the caller\'s banks, never a merchant\'s users', async () => {
    const users = await as['sede.30480'].get(`${API}/rischio/utenti?format=compact&size=200`);
    expect(users.status).toBe(200);
    expect(codes(users, 'username')).toEqual(['filiale.30480', 'sede.30480']);
    expect(codes(await as.assistenza.get(`${API}/rischio/utenti?group=34256`), 'username')).toEqual(['scaduto']);
  });

  it('does not change the bank\'s name through the recipients', async () => {
    const res = await put('sede.30480', `${path}/30480`, { codAbi: '30480', nomeBcc: 'Altro nome', associati: [{ username: 'sede.30480' }] });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'nomeBcc', message: 'Campo non previsto' });
  });
});

describe('risk mail templates (seed 002 §3, §5, §9: 6 recipient slots)', () => {
  const path = `${API}/template`;
  const body = (over: Row = {}) => ({
    codAbi: '30480', chiave: 'rischioFrodi', descrizione: 'Avviso', soggetto: 'Soglia superata', template: 'Testo',
    destinatari: [{ email: 'rischio@bcc-esempio.example', modificabile: false }], ...over,
  });

  it('lists a bank\'s own templates; another bank\'s are not there', async () => {
    expect(codes(await as['sede.30480'].get(path), 'chiave')).toEqual(['monitorStorni', 'monitorTransato', 'rischioFrodi']);
    expect(codes(await as['sede.30480'].get(`${path}?abi=34256`), 'chiave')).toEqual([]);
    expect((await as['sede.30480'].get(`${path}/34256/rischioFrodi`)).status).toBe(404);
    expect((await as['merchant.0001234'].get(path)).status).toBe(403);
  });

  it('refuses the seed\'s messages: subject, description, at least one valid recipient, the e-mail format, at most 6', async () => {
    const putTemplate = (b: Row) => put('sede.30480', `${path}/30480/rischioFrodi`, b);
    const empty = await putTemplate(body({ soggetto: '', descrizione: '', destinatari: [] }));
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual(expect.arrayContaining([
      { field: 'soggetto', message: "Il campo 'Oggetto' è obbligatorio" },
      { field: 'descrizione', message: "Il campo 'Descrizione' è obbligatorio" },
      { field: 'destinatari', message: 'Inserire almeno una email valida' },
    ]));
    const format = await putTemplate(body({ destinatari: [{ email: 'non-una-mail' }] }));
    expect(format.status).toBe(400);
    expect(format.body.details).toContainEqual({ field: 'destinatari.0.email', message: 'Formato email non valido' });
    const seven = await putTemplate(body({ destinatari: Array.from({ length: 7 }, (_, i) => ({ email: `r${i}@bcc-esempio.example` })) }));
    expect(seven.status).toBe(400);
    expect(seven.body.details).toContainEqual({ field: 'destinatari', message: 'Al massimo 6 destinatari' });
    const six = await putTemplate(body({ destinatari: Array.from({ length: 6 }, (_, i) => ({ email: `r${i}@bcc-esempio.example` })) }));
    expect(six.status, JSON.stringify(six.body)).toBe(200);
    expect(six.body.destinatari).toHaveLength(6);
  });

  it('drops the recipient slots left empty on save (seed 002 §5 "empty ones removed on save"); only empty ones: \'Inserire almeno una email valida\'', async () => {
    const putTemplate = (b: Row) => put('sede.30480', `${path}/30480/rischioFrodi`, b);
    const slots = [{ email: 'rischio@bcc-esempio.example', modificabile: false }, { email: '' }, { email: '   ', modificabile: true }, { modificabile: true }, { email: null }, { email: 'sede.30480@bcc-esempio.example' }];
    const saved = await putTemplate(body({ destinatari: slots }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.destinatari.map((d: Row) => d.email)).toEqual(['rischio@bcc-esempio.example', 'sede.30480@bcc-esempio.example']);
    expect((await as['sede.30480'].get(`${path}/30480/rischioFrodi`)).body.destinatari).toHaveLength(2);
    const none = await putTemplate(body({ destinatari: [{ email: '' }, { modificabile: true }] }));
    expect(none.status).toBe(400);
    expect(none.body).toEqual(invalid({ field: 'destinatari', message: 'Inserire almeno una email valida' }));
    // The recipients' own list (PUT template/{abi}/{chiave}/destinatari) drops them too; a slot with a wrong e-mail is no empty one.
    const own = await put('sede.30480', `${path}/30480/rischioFrodi/destinatari`, [{ email: 'rischio@bcc-esempio.example' }, { email: '' }], `${path}/30480/rischioFrodi`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.map((d: Row) => d.email)).toEqual(['rischio@bcc-esempio.example']);
    const wrong = await putTemplate(body({ destinatari: [{ email: '' }, { email: 'non-una-mail' }] }));
    expect(wrong.status).toBe(400);
    // Counted among the slots kept (the form checks the format itself, on the slot where it was typed).
    expect(wrong.body.details).toContainEqual({ field: 'destinatari.0.email', message: 'Formato email non valido' });
    // Another bank's template is not there for this bank, empty slots or not; a branch may not change it.
    expect((await put('sede.30480', `${path}/34256/rischioFrodi`, body({ codAbi: '34256', destinatari: slots }))).status).toBe(404);
    expect((await put('filiale.30480', `${path}/30480/rischioFrodi`, body({ destinatari: slots }))).status).toBe(403);
  });

  it('a bank changes its own templates but creates none; assistance creates them', async () => {
    expect((await as['sede.30480'].post(path).send(body({ codAbi: '30480', chiave: 'monitorStorni' }))).status).toBe(403);
    const created = await as.assistenza.post(path).send(body({ codAbi: '34256', chiave: 'monitorStorni' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await put('sede.30480', `${path}/34256/monitorStorni`, body({ codAbi: '34256', chiave: 'monitorStorni' }))).status).toBe(404);
  });
});
