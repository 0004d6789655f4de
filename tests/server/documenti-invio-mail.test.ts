/**
 * Documents sent by mail (seed 002 §7 "Downloads": "send contract by mail. Debit letters: find, download, send by
 * mail"; spec/documenti/operazioni-invio-mail.yaml): the form starts from the merchant's e-mail, the PDF reaches a
 * real SMTP server as the attachment of the mail, the outbox records it, a typed address must be valid (seed 001
 * §5 'Mail non valida.'), the answer is seed 001 §8's 'Mail inviata correttamente a: ...', and nobody mails a
 * document outside its scope (another merchant's: 404; an operator: its stores' letters only); the debit letters
 * keep seed 002 §5's end-date limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryBody } from '../support/binary-body.js';
import { closeOpened } from '../support/close-opened.js';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

// spec/demo/50-contratti.yaml and 50-lettere-addebito.yaml: Bar Centrale (0001234) and Ferramenta Verdi (0002345).
const CONTRACT = `${API}/wpbusiness/contratti/c0000000-0000-4000-8000-000000001234/invioMail`;
const OTHER_CONTRACT = `${API}/wpbusiness/contratti/c0000000-0000-4000-8000-000000002345/invioMail`;
const letter = (id: string) => `${API}/wpbusiness/lettereAddebito/${id}/invioMail`;
const LETTER_1001 = '1a000000-0000-4000-8000-000000100109';
const LETTER_1002 = '1a000000-0000-4000-8000-000000100209';
const LETTER_2001 = '1a000000-0000-4000-8000-000000200109';
const MERCHANT_MAIL = 'amministrazione@barcentrale.example';

let smtp: SmtpCapture;
let app: TestApp;
let merchant: TestApp['request'];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ mail: { smtpUrl: smtp.url } });
  merchant = await app.loginAs('merchant.0001234', 'merchant');
}, 240_000);
afterAll(async () => { await closeOpened(app, smtp); });

const lastMailTo = (address: string) => smtp.lastMailTo(address, () => app.mailIdle());

describe('the contract by mail (seed 002 §7)', () => {
  it('starts from the merchant\'s e-mail', async () => {
    const res = await merchant.get(CONTRACT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: MERCHANT_MAIL });
  });

  it('mails the contract\'s PDF as the attachment and answers with the address (seed 001 §8)', async () => {
    const res = await merchant.post(CONTRACT).send({ email: MERCHANT_MAIL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Mail inviata correttamente a: ${MERCHANT_MAIL}` });
    const mail = await lastMailTo(MERCHANT_MAIL);
    expect(mail.subject).toBe('Contratto n. 30480000012345');
    expect(mail.text).toContain('le inviamo in allegato il contratto n. 30480000012345 stipulato il 15/01/2025.');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: 'contratto-0001234.pdf', contentType: 'application/pdf' });
    // The very bytes the download answers.
    const download = await merchant.get(`${API}/wpbusiness/contratti/c0000000-0000-4000-8000-000000001234/documento`).buffer(true).parse(binaryBody);
    expect(Buffer.isBuffer(download.body) && Buffer.compare(pdf.content, download.body)).toBe(0);
    // Recorded in the mail outbox (Sicurezza > Mail inviate) as sent, for the merchant's group.
    const row = await app.db('mail_outbox').where({ recipient: MERCHANT_MAIL, subject: 'Contratto n. 30480000012345' }).first();
    expect(row).toMatchObject({ username: 'merchant.0001234', group: '30480-0001234', stato_invio: 'I' });
  });

  it('sends to an address the user types; refuses an invalid one with the seed\'s message and sends nothing', async () => {
    const typed = 'commercialista@studio.example';
    expect((await merchant.post(CONTRACT).send({ email: typed })).body.message).toBe(`Mail inviata correttamente a: ${typed}`);
    expect((await lastMailTo(typed)).attachments).toHaveLength(1);
    const before = smtp.messages.length;
    for (const email of ['non-una-mail', 'a?b@studio.example']) {
      const res = await merchant.post(CONTRACT).send({ email });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'email', message: 'Mail non valida.' }]);
    }
    const empty = await merchant.post(CONTRACT).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([{ field: 'email', message: "Indicare l'e-mail a cui inviare il documento" }]);
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
  });

  it('another merchant\'s contract is 404 and mails nothing; a bank user without the function is 403', async () => {
    const before = smtp.messages.length;
    expect((await merchant.get(OTHER_CONTRACT)).status).toBe(404);
    expect((await merchant.post(OTHER_CONTRACT).send({ email: MERCHANT_MAIL })).status).toBe(404);
    const bank = await app.loginAs('sede.30480');
    expect((await bank.post(CONTRACT).send({ email: MERCHANT_MAIL })).status).toBe(403);
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
  });
});

describe('the debit letter by mail (seed 002 §7, §5)', () => {
  it('mails the letter\'s PDF to the merchant', async () => {
    expect((await merchant.get(letter(LETTER_1002))).body).toEqual({ email: MERCHANT_MAIL });
    const res = await merchant.post(letter(LETTER_1002)).send({ email: MERCHANT_MAIL });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Mail inviata correttamente a: ${MERCHANT_MAIL}`);
    const mail = await lastMailTo(MERCHANT_MAIL);
    expect(mail.subject).toBe('Lettera di addebito di 09/2026');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['lettera-addebito-1002-2026-09.pdf']);
  });

  it('an operator with the documents role mails its store\'s letters only: another store\'s and another merchant\'s are 404', async () => {
    await app.db('utente_ruolo').insert({ username: 'operatore.0001234', role_name: 'MERCHANT_OP_DOC' });
    const operator = await app.loginAs('operatore.0001234', 'merchant');
    const res = await operator.post(letter(LETTER_1001)).send({ email: 'operatore@esercente.example' });
    expect(res.status).toBe(200);
    expect((await lastMailTo('operatore@esercente.example')).attachments.map((a) => a.filename)).toEqual(['lettera-addebito-1001-2026-09.pdf']);
    for (const id of [LETTER_1002, LETTER_2001]) {
      expect((await operator.get(letter(id))).status).toBe(404);
      expect((await operator.post(letter(id)).send({ email: 'operatore@esercente.example' })).status).toBe(404);
    }
    expect((await merchant.post(letter(LETTER_2001)).send({ email: MERCHANT_MAIL })).status).toBe(404);
  });

  it('a letter after the start of the previous month is not sent (seed 002 §5)', async () => {
    const id = '1a000000-0000-4000-8000-000000999999';
    const future = new Date();
    future.setUTCMonth(future.getUTCMonth() + 1, 1);
    await app.db('lettera_addebito').insert({ id, abi: '30480', cod_esercente: '0001234', cod_negozio: '1001', data_riferimento: future.toISOString().slice(0, 10), tipologia: 'COM' });
    const before = smtp.messages.length;
    const res = await merchant.post(letter(id)).send({ email: MERCHANT_MAIL });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toMatch(/^La data finale non può essere successiva all'inizio del mese precedente \(\d{2}\/\d{2}\/\d{4}\)$/);
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
  });

  it('a letter without its PDF says so', async () => {
    const id = '1a000000-0000-4000-8000-000000888888';
    await app.db('lettera_addebito').insert({ id, abi: '30480', cod_esercente: '0001234', cod_negozio: '1001', data_riferimento: '2026-07-01', tipologia: 'CAN' });
    const res = await merchant.post(letter(id)).send({ email: MERCHANT_MAIL });
    expect(res.status).toBe(404);
    expect(res.body.errorMessage).toBe('Il documento non ha un PDF da inviare');
  });
});
