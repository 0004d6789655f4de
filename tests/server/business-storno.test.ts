/**
 * Refund (storno) and pre-authorisation close from the merchant's own movements (seed 002 §2 "refund and
 * pre-authorisation close modals", §4 "Refund flow", §5, §6 "Merchant operators have a reversal button only with
 * authority MERCHANT_OP_STO_PRE", §8): MovimentoEsercente runs Transazione's own transitions (`states: inherit`), so
 * the rules and messages are the bank's; the administrator and the operators holding MERCHANT_OP_STO_PRE may, on
 * their own stores' movements only (another merchant's, or a store not assigned, is 404), with their password.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoSessions } from '../support/demo-sessions.js';
import { API, DEMO_PASSWORD } from '../support/test-app.js';
import { REFUND_MESSAGES } from '../support/refund-messages.js';

const { success: SUCCESS, closed: CLOSED, tooMuch: TOO_MUCH, fullOnly: FULL_ONLY, pagobancomat7: PAGOBANCOMAT_7, others180: OTHERS_180, preauth330: PREAUTH_330 } = REFUND_MESSAGES;

type Row = Record<string, unknown>;
const s = useDemoSessions({ merchant: ['merchant.0001234', 'operatore.0001234'] });
const as = s.as;
let template: Row;
let sequence = 0;

beforeAll(async () => {
  const { app } = s;
  template = await app.db('transazione').where({ cod_stab: '1001' }).first();
  const { password_hash } = await app.db('credenziale').where({ username: 'merchant.0001234' }).first();
  const addUser = async (username: string, group: string, roles: string[], stores: string[] = []) => {
    await app.db('utente').insert({ username, full_name: `Utente ${username}`, email: `${username}@esercente.example`, group, locked: false, enabled: true });
    for (const role of roles) await app.db('utente_ruolo').insert({ username, role_name: role });
    for (const pdvid of stores) await app.db('utente_negozio').insert({ username, gruppo: group, pdvid });
    await app.db('credenziale').insert({ username, password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
    as[username] = await app.loginAs(username, 'merchant');
  };
  // An operator of Bar Centrale with MERCHANT_OP_STO_PRE on store 1001 (the administrator's user form makes it so).
  await addUser('stornista.0001234', '30480-0001234', ['MERCHANT_OP', 'MERCHANT_OP_STO_PRE'], ['1001']);
  // A second merchant of the same bank (Ferramenta Verdi, 0002345) with its administrator: the attacker.
  await app.db('gruppo').insert({ group_name: '30480-0002345', description: 'Ferramenta Verdi', group_type: 'M', parent_group: '30480' });
  await addUser('merchant.0002345', '30480-0002345', ['ROLE_WPB']);
}, 240_000);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A new approved movement (stato AP) of store 1001 (or `columns`' store), `days` old. */
async function movement(days: number, columns: Row = {}): Promise<string> {
  sequence += 1;
  const id = `B${Date.now()}${sequence}`.slice(0, 36);
  await s.app.db('transazione').insert({
    ...template, id, data_operazione: daysAgo(days), importo: 100, cod_circuito: '01', dcc: false,
    flag_storno: false, flag_preautorizzazione: false, storno_richiesto: false, stornato: false, preaut_azione: null, stato: 'AP', ...columns,
  });
  return id;
}
const path = (id: string, action = '') => `${API}/wpbusiness/movimenti/${id}${action ? `/${action}` : ''}`;
const storna = (user: string, id: string, body: Row, key?: string) => {
  const req = as[user].post(path(id, 'storna'));
  return (key ? req.set('Idempotency-Key', key) : req).send(body);
};
const refused = (message: string, field?: string) => ({ code: 'TRANSITION_REFUSED', errorMessage: message, details: field ? [{ field, message }] : [] });
/** The stored row, its flags as booleans (SQLite keeps 0 and 1). */
const stored = async (id: string) => {
  const row: Row = await s.app.db('transazione').where({ id }).first();
  return { ...row, storno_richiesto: Boolean(row.storno_richiesto) };
};

describe('refund from the business portal (seed 002 §4, §5, §6)', () => {
  it('the administrator refunds its movement with its password: the seed\'s success, the label "refund requested"', async () => {
    const id = await movement(2);
    expect((await as['merchant.0001234'].get(path(id))).body._actions).toEqual(['storna']);
    const res = await storna('merchant.0001234', id, { importo: 30, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SUCCESS);
    expect(res.body.row).toMatchObject({ id, stato: 'SR', stornoRichiesto: true, importoRichiesto: 30, richiestoDa: 'merchant.0001234', _actions: [] });
    expect(await stored(id)).toMatchObject({ stato: 'SR', storno_richiesto: true, richiesto_da: 'merchant.0001234' });
  });

  it('applies the bank\'s rules with the same messages: amount, full amount for DCC and PagoBancomat, 7 and 180 days', async () => {
    const id = await movement(2);
    expect((await storna('merchant.0001234', id, { importo: 100.01, password: DEMO_PASSWORD })).body).toEqual(refused(TOO_MUCH, 'importo'));
    const dcc = await movement(2, { dcc: true });
    expect((await storna('merchant.0001234', dcc, { importo: 50, password: DEMO_PASSWORD })).body).toEqual(refused(FULL_ONLY, 'importo'));
    const bancomat = await movement(8, { cod_circuito: '00' });
    expect((await storna('merchant.0001234', bancomat, { importo: 100, password: DEMO_PASSWORD })).body).toEqual(refused(PAGOBANCOMAT_7));
    const old = await movement(181);
    const res = await storna('merchant.0001234', old, { importo: 100, password: DEMO_PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused(OTHERS_180));
    for (const one of [id, dcc, bancomat, old]) expect(await stored(one)).toMatchObject({ stato: 'AP', storno_richiesto: false });
  });

  it('a wrong password is 403 "Password non corretta" and refunds nothing', async () => {
    const id = await movement(2);
    const res = await storna('merchant.0001234', id, { importo: 10, password: 'Sbagliata-2026' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'REAUTHENTICATION_FAILED', errorMessage: 'Password non corretta' });
    expect(await stored(id)).toMatchObject({ stato: 'AP' });
  });

  it('an operator with MERCHANT_OP_STO_PRE refunds on its store; one without it is 403 and is offered nothing', async () => {
    const id = await movement(2);
    expect((await as['operatore.0001234'].get(path(id))).body._actions).toEqual([]);
    const without = await storna('operatore.0001234', id, { importo: 10, password: DEMO_PASSWORD });
    expect(without.status).toBe(403);
    expect(await stored(id)).toMatchObject({ stato: 'AP' });
    expect((await as['stornista.0001234'].get(path(id))).body._actions).toEqual(['storna']);
    const res = await storna('stornista.0001234', id, { importo: 10, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: SUCCESS, row: { stato: 'SR', richiestoDa: 'stornista.0001234' } });
  });

  it('another merchant\'s movement, and a store not assigned to the operator, are 404 and stay as they were', async () => {
    const theirs = await movement(2);
    expect((await storna('merchant.0002345', theirs, { importo: 10, password: DEMO_PASSWORD })).status).toBe(404);
    expect((await as['merchant.0002345'].get(path(theirs))).status).toBe(404);
    // Store 1002 is Bar Centrale's, not assigned to the operator.
    const otherStore = await movement(2, { cod_stab: '1002' });
    expect((await storna('stornista.0001234', otherStore, { importo: 10, password: DEMO_PASSWORD })).status).toBe(404);
    for (const one of [theirs, otherStore]) expect(await stored(one)).toMatchObject({ stato: 'AP', storno_richiesto: false });
  });

  it('is idempotent: the same key gets the first answer again; without it a second refund is 409', async () => {
    const id = await movement(2);
    const key = `biz-${id}`;
    const first = await storna('merchant.0001234', id, { importo: 20, password: DEMO_PASSWORD }, key);
    const again = await storna('merchant.0001234', id, { importo: 20, password: DEMO_PASSWORD }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const second = await storna('merchant.0001234', id, { importo: 20, password: DEMO_PASSWORD });
    expect(second.status).toBe(409);
    const audit = await s.app.db('storico_modifica').where({ operation: 'transition', entity_key: id });
    expect(audit).toHaveLength(1);
  });
});

describe('pre-authorisation close from the business portal', () => {
  it('closes for at most the authorised amount with the seed\'s success; older than 330 days is refused', async () => {
    const id = await movement(10, { flag_preautorizzazione: true, stato: 'PA' });
    expect((await as['merchant.0001234'].get(path(id))).body._actions).toEqual(['chiudiPreautorizzazione']);
    const res = await as['merchant.0001234'].post(path(id, 'chiudiPreautorizzazione')).send({ importo: 80, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: CLOSED, row: { stato: 'NR', preautAzione: 'NOT', importoRichiesto: 80 } });
    const old = await movement(331, { flag_preautorizzazione: true, stato: 'PA' });
    const late = await as['stornista.0001234'].post(path(old, 'chiudiPreautorizzazione')).send({ importo: 80, password: DEMO_PASSWORD });
    expect(late.status).toBe(422);
    expect(late.body).toEqual(refused(PREAUTH_330));
    const without = await as['operatore.0001234'].post(path(old, 'chiudiPreautorizzazione')).send({ importo: 80, password: DEMO_PASSWORD });
    expect(without.status).toBe(403);
  });
});
