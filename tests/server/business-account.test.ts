/**
 * The business portal's new users (issue 18): account confirmation by the mailed link (seed 000 §2 accountConfirm,
 * §4 states 1 valid / -1 invalid / -2 expired with 401, §7 "returns merchant data"), self-registration (seed 000 §7
 * merchant/registrazione, seed 002 §5 message, §8 'Registrazione effettuata con successo') and the merchant's own
 * password change (seed 000 §2 profilo/cambioPassword). Mails reach a real SMTP server; the outbox keeps them with
 * the link masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOpened } from '../support/close-opened.js';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.js';
import { API, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/test-app.js';

const WRONG = 'I dati inseriti sono errati oppure non è associata alcuna mail. Si prega di contattare la propria banca.';
const REGISTERED = 'Registrazione effettuata con successo';
const EXPIRED = "Il collegamento di conferma è scaduto: chiedere alla propria banca o all'amministratore un nuovo invio";
const INVALID = 'Il collegamento di conferma non è valido o è già stato usato';

let smtp: SmtpCapture;
let app: TestApp;
let merchant: TestApp['request'];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Registrations per merchant code: 10 an hour here (3 by default), so the file's registrations of one merchant fit.
  app = await createTestApp({ mail: { smtpUrl: smtp.url }, authLimits: { resetMaxPerAccount: 10 } });
  merchant = await app.loginAs('merchant.0001234', 'merchant');
}, 240_000);
afterAll(async () => { await closeOpened(app, smtp); });

/** The guid of the last confirmation link mailed to `address`. */
async function guidSentTo(address: string): Promise<string> {
  await app.mailIdle();
  const mail = [...smtp.messages].reverse().find((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === address && /accountConfirm/.test(m.text ?? ''));
  const match = /\/wpbusiness\/accountConfirm#guid=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no confirmation link reached ${address}`);
  return match[1];
}
const confirm = (guid: string) => app.anonymous.post(`${API}/wpbusiness/accountConfirm`).send({ guid });
// Ferramenta Verdi (0002345, bank 30480): VAT 09876540155, IBAN ending 5678, e-mail info@ferramentaverdi.example.
const VERDI = { codEsercente: '0002345', codAbi: '30480', pivaCodFiscale: '09876540155', ultimeCifreIban: '5678', email: 'info@ferramentaverdi.example' };
const register = (body: Record<string, string>) => app.anonymous.post(`${API}/merchant/registrazione`).send(body);

describe('self-registration (seed 000 §7 merchant/registrazione, seed 002 §5)', () => {
  it('refuses wrong data with the seed\'s one message, whichever field is wrong, and makes or sends nothing', async () => {
    const before = smtp.messages.length;
    for (const wrong of [
      { codEsercente: '0009999' }, { codAbi: '60855' }, { pivaCodFiscale: '01234560124' }, { ultimeCifreIban: '1234' },
      { email: 'altro@ferramentaverdi.example' }, { codEsercente: '0001234', pivaCodFiscale: '01234560124', ultimeCifreIban: '1234' },
    ]) {
      const res = await register({ ...VERDI, ...wrong });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'REGISTRATION_REFUSED', errorMessage: WRONG, details: [] });
    }
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
    expect(await app.db('utente').where({ username: VERDI.email }).first()).toBeUndefined();
  });

  it('an e-mail that is not one is refused on the field with the seed\'s match-field message (seed 002 §5 \'Email non valida\')', async () => {
    const before = smtp.messages.length;
    const res = await register({ ...VERDI, email: 'info.ferramentaverdi.example' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field: 'email', message: 'Email non valida' }] });
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
  });

  it('right data (tax code or VAT number, upper or lower case e-mail): the success, then the link to the e-mail; the outbox masks it', async () => {
    const res = await register({ ...VERDI, pivaCodFiscale: 'vrdlgu75c15f205o', email: 'Info@FerramentaVerdi.example' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: REGISTERED });
    const guid = await guidSentTo(VERDI.email);
    expect(guid.length).toBeGreaterThanOrEqual(40);
    const outbox = await app.db('mail_outbox').where({ username: VERDI.email });
    expect(outbox).toHaveLength(1);
    expect(outbox[0].body).not.toContain(guid);
    // Only the hash of the guid is kept.
    expect(JSON.stringify(await app.db('conferma_account'))).not.toContain(guid);
    // The user exists, as the merchant's administrator, without a password until it confirms.
    expect(await app.db('utente').where({ username: VERDI.email }).first()).toMatchObject({ group: '30480-0002345' });
    expect(await app.db('credenziale').where({ username: VERDI.email }).first()).toBeUndefined();
    // The outbox list shows no link either.
    const list = await app.request.get(`${API}/mailoutbox?recipient=ferramentaverdi`);
    expect(JSON.stringify(list.body)).not.toContain(guid);
  });
});

describe('registration limits', () => {
  it('counts every registration of a merchant code, right or wrong: over the limit both are 429, and nothing tells them apart', async () => {
    const libreria = { ...VERDI, codEsercente: '0003456' };
    for (let i = 0; i < 10; i++) expect((await register({ ...libreria, ultimeCifreIban: '0000' })).status).toBe(400);
    const over = await register({ ...libreria, ultimeCifreIban: '0000' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('TOO_MANY_REQUESTS');
    expect((await register({ ...libreria, ultimeCifreIban: '0001' })).status).toBe(429);
  });
});

describe('account confirmation (seed 000 §4: 1 valid, -1 invalid, -2 expired = 401)', () => {
  it('a valid link answers the merchant\'s data and mails the first password; used again it is invalid (404)', async () => {
    await register(VERDI);
    const guid = await guidSentTo(VERDI.email);
    const res = await confirm(guid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stato: 1, username: VERDI.email, codEsercente: '0002345', codAbi: '30480', ragioneSociale: 'Ferramenta Verdi di Luigi Verdi',
      nomeBanca: expect.any(String), passwordInviata: true,
    });
    await app.mailIdle();
    const password = smtp.passwordSentTo(VERDI.email);
    const login = await app.anonymous.post(`${API}/authorization/auth?userType=merchant`).send({ username: VERDI.email, password });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('ERROR_016');
    const again = await confirm(guid);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'LINK_INVALID', errorMessage: INVALID, details: [] });
  });

  it('an expired link is 401 LINK_EXPIRED; an unknown one 404; a malformed one 400', async () => {
    await register(VERDI);
    const guid = await guidSentTo(VERDI.email);
    await app.db('conferma_account').whereNull('used_at').update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const expired = await confirm(guid);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 'LINK_EXPIRED', errorMessage: EXPIRED, details: [] });
    expect((await confirm('x'.repeat(43))).status).toBe(404);
    expect((await confirm('non valido!')).status).toBe(400);
  });

  it('a user the merchant\'s administrator creates gets its password and its link; confirming it says the password was already sent', async () => {
    const created = await merchant.post(`${API}/wpbmerchant`).send({ username: 'cassa.0001234', email: 'cassa@barcentrale.example', fullName: 'Carla Cassa', group: '30480-0001234', enabled: true });
    expect(created.status).toBe(201);
    const guid = await guidSentTo('cassa@barcentrale.example');
    const res = await confirm(guid);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stato: 1, username: 'cassa.0001234', codEsercente: '0001234', ragioneSociale: 'Bar Centrale S.r.l.', passwordInviata: false });
  });

  it('a bank user gets no link', async () => {
    const before = await app.db('conferma_account').count({ n: '*' }).first();
    const created = await app.request.post(`${API}/users`).send({ username: 'banca.nolink', email: 'nolink@bcc.example', fullName: 'Nessun Link', group: '30480', locked: false, enabled: true });
    expect(created.status).toBe(201);
    await app.mailIdle();
    expect(await app.db('conferma_account').count({ n: '*' }).first()).toEqual(before);
  });
});

describe('the merchant\'s own password change (seed 000 §2 profilo/cambioPassword WB_CHANGE_PASS)', () => {
  it('the business route is the merchant\'s and its operators\', behind WB_CHANGE_PASS; the change has the bank\'s rules', async () => {
    expect((await merchant.get(`${API}/menuitems`)).body).toContain('/wpbusiness/profilo/cambioPassword');
    const operator = await app.loginAs('operatore.0001234', 'merchant');
    expect((await operator.get(`${API}/menuitems`)).body).toContain('/wpbusiness/profilo/cambioPassword');
    const same = await app.anonymous.post(`${API}/users/changePassword`).send({ username: 'operatore.0001234', oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
    expect(same.status).toBe(400);
    const changed = await app.anonymous.post(`${API}/users/changePassword`).send({ username: 'operatore.0001234', oldPassword: DEMO_PASSWORD, newPassword: 'Operatore-Nuova-2026' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Password modificata correttamente. Accedere con la nuova password.');
  });
});
