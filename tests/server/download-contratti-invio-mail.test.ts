/**
 * The contracts' download sends a contract by mail (seed 002 §7 Downloads "contract list paged by merchant, shop,
 * bank; print latest contract; send contract by mail"; spec/download/operazioni-download-contratti.yaml): a bank user
 * opens one of its banks' contracts, the form starts from the merchant's e-mail, the PDF reaches a real SMTP server as
 * the attachment, the mail outbox (Sicurezza > Mail inviate) records who sent it, a typed address must be valid (seed
 * 001 §5 'Mail non valida.'), the answer is seed 001 §8's 'Mail inviata correttamente a: ...'. Another bank's contract
 * is 404 and mails nothing, and so is, to a branch, a contract of a merchant of another branch (a contract's branch is
 * its merchant's); a user without DWD_CONT_FATT (a merchant) is 403. The list pages by merchant, store and bank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryBody } from '../support/binary-body.js';
import { closeOpened } from '../support/close-opened.js';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

// spec/demo/50-contratti.yaml: Bar Centrale's (0001234) and Ferramenta Verdi's (0002345), both of 30480.
const CONTRATTI = `${API}/download/contratti`;
const OWN = 'c0000000-0000-4000-8000-000000001234';
const mailPath = (id: string) => `${CONTRATTI}/${id}/invioMail`;
const OTHER_BANK = 'dc-contratto-34256';
const MERCHANT_MAIL = 'amministrazione@barcentrale.example';

let smtp: SmtpCapture;
let app: TestApp;
let sede: TestApp['request'];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ mail: { smtpUrl: smtp.url } });
  sede = await app.loginAs('sede.30480');
  // Hotel Dolomiti's contract, with its bank 34256.
  await app.db('contratto_esercente').insert({ id: OTHER_BANK, abi: '34256', cod_eser: '0003456', num_contratto: '34256000034567', data_stipula: '2025-02-01' });
}, 240_000);
afterAll(async () => { await closeOpened(app, smtp); });

const lastMailTo = (address: string) => smtp.lastMailTo(address, () => app.mailIdle());

describe('a bank user sends a contract by mail from /esercente/downloadContratti (seed 002 §7)', () => {
  it("starts from the merchant's e-mail", async () => {
    const res = await sede.get(mailPath(OWN));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: MERCHANT_MAIL });
  });

  it('mails the PDF as the attachment, answers with the address (seed 001 §8) and records the mail for the sender', async () => {
    const res = await sede.post(mailPath(OWN)).send({ email: MERCHANT_MAIL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Mail inviata correttamente a: ${MERCHANT_MAIL}` });
    const mail = await lastMailTo(MERCHANT_MAIL);
    expect(mail.subject).toBe('Contratto n. 30480000012345');
    expect(mail.text).toContain('le inviamo in allegato il contratto n. 30480000012345 stipulato il 15/01/2025.');
    expect(mail.text).toContain('Inviata da sede.30480 tramite WebPOS.');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: 'contratto-0001234.pdf', contentType: 'application/pdf' });
    const download = await sede.get(`${CONTRATTI}/${OWN}/documento`).buffer(true).parse(binaryBody);
    expect(Buffer.isBuffer(download.body) && Buffer.compare(pdf.content, download.body)).toBe(0);
    // Sicurezza > Mail inviate: who sent it, for the bank's group, sent.
    const row = await app.db('mail_outbox').where({ recipient: MERCHANT_MAIL, subject: 'Contratto n. 30480000012345', username: 'sede.30480' }).first();
    expect(row).toMatchObject({ group: '30480', stato_invio: 'I' });
    const outbox = await sede.get(`${API}/mailoutbox?username=sede.30480`);
    expect(outbox.status).toBe(200);
    expect(outbox.body.results.map((r: Record<string, unknown>) => [r.recipient, r.subject])).toContainEqual([MERCHANT_MAIL, 'Contratto n. 30480000012345']);
  });

  it('sends to an address typed; refuses an invalid or missing one with the seed\'s messages and sends nothing', async () => {
    const typed = 'commercialista@studio.example';
    expect((await sede.post(mailPath(OWN)).send({ email: typed })).body.message).toBe(`Mail inviata correttamente a: ${typed}`);
    expect((await lastMailTo(typed)).attachments.map((a) => a.filename)).toEqual(['contratto-0001234.pdf']);
    const before = smtp.messages.length;
    for (const email of ['non-una-mail', 'a?b@studio.example', 'due@@studio.example']) {
      const res = await sede.post(mailPath(OWN)).send({ email });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'email', message: 'Mail non valida.' }]);
    }
    const empty = await sede.post(mailPath(OWN)).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([{ field: 'email', message: "Indicare l'e-mail a cui inviare il documento" }]);
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
  });

  it("another bank's contract is 404 and mails nothing, a missing one too; assistance reaches it", async () => {
    const before = smtp.messages.length;
    for (const id of [OTHER_BANK, 'non-esiste']) {
      expect((await sede.get(mailPath(id))).status).toBe(404);
      expect((await sede.post(mailPath(id)).send({ email: MERCHANT_MAIL })).status).toBe(404);
    }
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
    // A contract without its PDF says so (assistance reads every bank's).
    const res = await app.request.post(mailPath(OTHER_BANK)).send({ email: 'hotel@dolomiti.example' });
    expect(res.status).toBe(404);
    expect(res.body.errorMessage).toBe('Il documento non ha un PDF da inviare');
  });

  it("a branch sends its cab's merchants' contracts only: another branch's is 404 and mails nothing", async () => {
    // Bar Centrale (0001234) is of branch 01600, filiale.30480's; Ferramenta Verdi (0002345) of 01601.
    const filiale = await app.loginAs('filiale.30480');
    const res = await filiale.post(mailPath(OWN)).send({ email: 'filiale@bcc-esempio.example' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mail inviata correttamente a: filiale@bcc-esempio.example');
    expect((await lastMailTo('filiale@bcc-esempio.example')).attachments.map((a) => a.filename)).toEqual(['contratto-0001234.pdf']);
    // The outbox row is the branch's (its cab), so Sicurezza > Mail inviate shows it to the branch.
    expect(await app.db('mail_outbox').where({ recipient: 'filiale@bcc-esempio.example' }).first()).toMatchObject({ username: 'filiale.30480', group: '30480', cab: '01600' });
    const before = smtp.messages.length;
    const ferramenta = 'c0000000-0000-4000-8000-000000002345';
    expect((await filiale.get(mailPath(ferramenta))).status).toBe(404);
    expect((await filiale.post(mailPath(ferramenta)).send({ email: 'filiale@bcc-esempio.example' })).status).toBe(404);
    expect((await sede.get(mailPath(ferramenta))).body).toEqual({ email: 'info@ferramentaverdi.example' });
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
  });

  it('a user without DWD_CONT_FATT is 403: a merchant (its own contract is sent from its documents)', async () => {
    const before = smtp.messages.length;
    const merchant = await app.loginAs('merchant.0001234', 'merchant');
    expect((await merchant.get(mailPath(OWN))).status).toBe(403);
    expect((await merchant.post(mailPath(OWN)).send({ email: MERCHANT_MAIL })).status).toBe(403);
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before);
  });
});

describe('the contracts paged by merchant, store and bank (seed 002 §7)', () => {
  it('filters by merchant, by bank and by store (the contracts of the store\'s merchant), each in the caller\'s scope', async () => {
    const ids = async (query: string) => {
      const res = await sede.get(`${CONTRATTI}?${query}`);
      expect(res.status).toBe(200);
      const { results }: { results: Record<string, unknown>[] } = res.body;
      return results.map((r) => r.numContratto);
    };
    expect(await ids('codEser=0002345')).toEqual(['30480000023456']);
    expect(await ids('abi=30480')).toEqual(['30480000023456', '30480000012345']);
    // Store 1001 is Bar Centrale's (spec/demo/20-negozi.yaml).
    expect(await ids('pdvid=1001')).toEqual(['30480000012345']);
    expect(await ids('pdvid=9999')).toEqual([]);
    expect(await ids('abi=34256')).toEqual([]);
    const all = await app.request.get(`${CONTRATTI}?abi=34256`);
    expect(all.body.results.map((r: Record<string, unknown>) => r.numContratto)).toEqual(['34256000034567']);
  });
});
