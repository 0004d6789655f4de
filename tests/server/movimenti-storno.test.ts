/**
 * Refund (storno) and pre-authorisation close of a movement (seed 002 §4 "Refund flow" and outcome labels, §5
 * rules, §7 POST storni/{id} and preautorizzazioni/closing, §8 messages, §9 limits), as the movement's spec
 * actions `storna` and `chiudiPreautorizzazione` (spec/movimenti/transazione.yaml): the caller's password in
 * the same request, GES_MOVIMENTI:STORNO, the data scope, the amount rules, the day limits with the seed's
 * messages, the outcome label that follows, and never two refunds of one movement (repeated key, double click,
 * two requests at once). Movements are written into the table as the acquiring system would, dated from today,
 * so the day limits hold whatever day the suite runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { REFUND_MESSAGES } from '../support/refund-messages.js';

const PASSWORD = 'Demo-WebPos-2026';
const { success: SUCCESS, closed: CLOSED, tooMuch: TOO_MUCH, fullOnly: FULL_ONLY, pagobancomat7: PAGOBANCOMAT_7, others180: OTHERS_180, preauth330: PREAUTH_330 } = REFUND_MESSAGES;
const STATE = 'Operazione non consentita nello stato attuale';

type Row = Record<string, unknown>;
let app: TestApp;
let as: Record<string, TestApp['request']>;
let template: Row;
let sequence = 0;

beforeAll(async () => {
  app = await createTestApp();
  as = { assistenza: app.request };
  for (const user of ['sede.30480', 'filiale.30480', 'sede.60855']) as[user] = await app.loginAs(user);
  for (const user of ['merchant.0001234', 'operatore.0001234']) as[user] = await app.loginAs(user, 'merchant');
  // A demo movement of Bar Centrale's store 1001 (bank 30480, cab 01600): its point of sale is the new rows'.
  template = await app.db('transazione').where({ cod_stab: '1001' }).first();
}, 240_000);
afterAll(() => app.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A new approved movement (stato AP) of store 1001, `days` old; `columns` change it (circuit, DCC, pre-authorisation). */
async function movement(days: number, columns: Row = {}): Promise<string> {
  sequence += 1;
  const id = `T${Date.now()}${sequence}`.slice(0, 36);
  await app.db('transazione').insert({
    ...template, id, data_operazione: daysAgo(days), importo: 100, cod_circuito: '01', dcc: false,
    flag_storno: false, flag_preautorizzazione: false, storno_richiesto: false, stornato: false, preaut_azione: null, stato: 'AP', ...columns,
  });
  return id;
}
const preauth = (days: number) => movement(days, { flag_preautorizzazione: true, stato: 'PA' });
const storna = (user: string, id: string, body: Row, key?: string) => {
  const req = as[user].post(`${API}/movimenti/${id}/storna`);
  return (key ? req.set('Idempotency-Key', key) : req).send(body);
};
const refused = (message: string, field?: string) => ({ code: 'TRANSITION_REFUSED', errorMessage: message, details: field ? [{ field, message }] : [] });
const stored = async (id: string) => app.db('transazione').where({ id }).first();
const refunds = (id: string) => app.db('storico_modifica').where({ entity: 'Transazione', operation: 'transition', entity_key: id });

describe('refund of a movement (seed 002 §4, §5)', () => {
  it('refunds up to the original amount; the outcome label becomes "refund requested" and the refund is no longer offered', async () => {
    const id = await movement(3);
    expect((await as['sede.30480'].get(`${API}/movimenti/${id}`)).body._actions).toEqual(['storna']);
    const res = await storna('sede.30480', id, { importo: 40.5, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SUCCESS);
    expect(res.body.row).toMatchObject({ id, stato: 'SR', stornoRichiesto: true, stornato: false, importoRichiesto: 40.5, richiestoDa: 'sede.30480', importo: 100, _actions: [] });
    const read = await as['sede.30480'].get(`${API}/movimenti/${id}`);
    expect(read.body).toMatchObject({ stato: 'SR', _actions: [] });
    // The search's outcome filter finds it with its new label (seed 002 §3 filter `stato`).
    const search = await as['sede.30480'].get(`${API}/movimenti?dataOperazioneDa=${daysAgo(3)}&dataOperazioneA=${daysAgo(3)}&stato=SR`);
    expect(search.body.results.map((r: Row) => r.id)).toContain(id);
  });

  it('refuses an amount above the original, on the amount, and changes nothing', async () => {
    const id = await movement(3);
    const res = await storna('sede.30480', id, { importo: 100.01, password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused(TOO_MUCH, 'importo'));
    expect(await stored(id)).toMatchObject({ stato: 'AP', importo_richiesto: null });
  });

  it('refunds PagoBancomat and DCC movements for the full amount only', async () => {
    for (const columns of [{ cod_circuito: '00' }, { dcc: true }]) {
      const id = await movement(2, columns);
      const part = await storna('sede.30480', id, { importo: 50, password: PASSWORD });
      expect(part.status, JSON.stringify(columns)).toBe(422);
      expect(part.body).toEqual(refused(FULL_ONLY, 'importo'));
      const full = await storna('sede.30480', id, { importo: 100, password: PASSWORD });
      expect(full.status, JSON.stringify(columns)).toBe(200);
      expect(full.body.message).toBe(SUCCESS);
    }
  });

  it('refuses PagoBancomat (circuit 00) after 7 days and other circuits after 180, with the seed\'s messages', async () => {
    const late00 = await movement(8, { cod_circuito: '00' });
    const res00 = await storna('sede.30480', late00, { importo: 100, password: PASSWORD });
    expect(res00.status).toBe(422);
    expect(res00.body).toEqual(refused(PAGOBANCOMAT_7));
    expect((await storna('sede.30480', await movement(7, { cod_circuito: '00' }), { importo: 100, password: PASSWORD })).status).toBe(200);

    const late = await movement(181, { cod_circuito: '02' });
    const res = await storna('sede.30480', late, { importo: 10, password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused(OTHERS_180));
    expect((await storna('sede.30480', await movement(180, { cod_circuito: '02' }), { importo: 10, password: PASSWORD })).status).toBe(200);
    expect(await stored(late00)).toMatchObject({ stato: 'AP' });
    expect(await stored(late)).toMatchObject({ stato: 'AP' });
  });

  it('asks the caller\'s own password: a wrong one is 403 "Password non corretta" and nothing is refunded', async () => {
    const id = await movement(3);
    const wrong = await storna('merchant.0001234', id, { importo: 10, password: 'Sbagliata-2026' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'REAUTHENTICATION_FAILED', errorMessage: 'Password non corretta', details: [] });
    const missing = await storna('merchant.0001234', id, { importo: 10 });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: 'password', message: "Inserire la propria password per confermare l'operazione" }]);
    expect(await stored(id)).toMatchObject({ stato: 'AP' });
    // Another user's password is not the caller's.
    expect((await storna('operatore.0001234', id, { importo: 10, password: PASSWORD })).status).toBe(403);
    const right = await storna('merchant.0001234', id, { importo: 10, password: PASSWORD });
    expect(right.status).toBe(200);
    expect(JSON.stringify(await refunds(id))).not.toContain(PASSWORD);
  });
});

describe('never two refunds of one movement', () => {
  it('a second refund is 409 in the state it left; the same request with its key gets the first answer again', async () => {
    const id = await movement(3);
    const first = await storna('sede.30480', id, { importo: 30, password: PASSWORD }, `storno-${id}`);
    const repeated = await storna('sede.30480', id, { importo: 30, password: PASSWORD }, `storno-${id}`);
    expect(first.status).toBe(200);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(first.body);
    const another = await storna('sede.30480', id, { importo: 30, password: PASSWORD });
    expect(another.status).toBe(409);
    expect(another.body.errorMessage).toBe(STATE);
    expect(await refunds(id)).toHaveLength(1);
  });

  it('two refunds at once (a double click without a key): one applies, the other is 409', async () => {
    const id = await movement(3);
    const answers = await Promise.all([
      storna('sede.30480', id, { importo: 100, password: PASSWORD }),
      storna('sede.30480', id, { importo: 100, password: PASSWORD }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refunds(id)).toHaveLength(1);
    expect(Number((await stored(id)).importo_richiesto)).toBe(100);
  });

  it('a refused or refunded movement, and a pre-authorisation, are not refunded (409)', async () => {
    for (const columns of [{ esito: '00', stato: 'RI' }, { storno_richiesto: true, stato: 'SR' }, { stornato: true, storno_richiesto: true, stato: 'SS' }, { flag_preautorizzazione: true, stato: 'PA' }]) {
      const res = await storna('sede.30480', await movement(3, columns), { importo: 10, password: PASSWORD });
      expect(res.status, JSON.stringify(columns)).toBe(409);
    }
  });
});

describe('who may refund (seed 002 §3, §6)', () => {
  it('needs GES_MOVIMENTI:STORNO: a branch user and a merchant operator read the movement but may not refund it', async () => {
    const id = await movement(3);
    for (const user of ['filiale.30480', 'operatore.0001234']) {
      expect((await as[user].get(`${API}/movimenti/${id}`)).body._actions, user).toEqual([]);
      const res = await storna(user, id, { importo: 10, password: PASSWORD });
      expect(res.status, user).toBe(403);
      expect(res.body.code, user).toBe('FORBIDDEN');
    }
    expect(await stored(id)).toMatchObject({ stato: 'AP' });
  });

  it('answers 404 for a movement outside the caller\'s scope: another bank\'s, another merchant\'s', async () => {
    const id = await movement(3);
    const otherMerchant = await movement(3, { cod_eserc: '0005678', cod_stab: '5001', cod_pos: '30480501' });
    expect((await storna('sede.60855', id, { importo: 10, password: PASSWORD })).status).toBe(404);
    expect((await storna('merchant.0001234', otherMerchant, { importo: 10, password: PASSWORD })).status).toBe(404);
    expect(await stored(id)).toMatchObject({ stato: 'AP' });
    expect(await stored(otherMerchant)).toMatchObject({ stato: 'AP' });
  });
});

describe('pre-authorisation close (seed 002 §5, §7)', () => {
  const close = (id: string, body: Row) => as['sede.30480'].post(`${API}/movimenti/${id}/chiudiPreautorizzazione`).send(body);

  it('closes for at most the authorised amount; the label becomes "notification requested"', async () => {
    const id = await preauth(330);
    expect((await as['sede.30480'].get(`${API}/movimenti/${id}`)).body._actions).toEqual(['chiudiPreautorizzazione']);
    const over = await close(id, { importo: 120, password: PASSWORD });
    expect(over.status).toBe(422);
    expect(over.body).toEqual(refused("L'importo non può superare l'importo preautorizzato", 'importo'));
    const res = await close(id, { importo: 80, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLOSED);
    expect(res.body.row).toMatchObject({ stato: 'NR', preautAzione: 'NOT', importoRichiesto: 80, _actions: [] });
  });

  it('refuses a pre-authorisation older than 330 days, and an approved movement (409)', async () => {
    const old = await preauth(331);
    const res = await close(old, { importo: 10, password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused(PREAUTH_330));
    expect((await close(await movement(3), { importo: 10, password: PASSWORD })).status).toBe(409);
  });
});
