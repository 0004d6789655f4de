/**
 * Pay-by-mail, two rules of seed 002 (spec/pwmail/):
 * - §6 "Pay-by-mail merchants are those with hasPwMail and enable": a merchant without the flag holds no PWMAIL grant
 *   (403, functions.yaml requiresMerchantFlag; tests/server/pay-by-mail-abilitazione.test.ts), a disabled one sends
 *   no request and writes no mail text (400 on codEsercente); another merchant's code stays out of scope (403);
 * - §5 the request's attachment (500000 bytes, the file-name rule, EMAIL only) travels with the create
 *   (docs/spec-language.md#files, "A file with the create") and so reaches the customer in the request's mail, as a
 *   real SMTP server receives it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { closeOpened } from '../support/close-opened.js';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const BASE = `${API}/serviziPosVirtuali/pagamentoMail`;
const MESSAGES = `${API}/messaggiMail`;
const NOT_PWMAIL = 'Esercente non abilitato al pay by mail';
const TOO_BIG = "La dimensione del file selezionato e' troppo grande: la dimensione massima e' di 500kb";

type Row = Record<string, unknown>;
let smtp: SmtpCapture;
const bytesOf = (body: unknown): Buffer => {
  if (!Buffer.isBuffer(body)) throw new Error('the answer is not bytes');
  return body;
};

let app: TestApp;
let merchant: TestApp['request'];
let operator: TestApp['request'];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ mail: { smtpUrl: smtp.url } });
  merchant = await app.loginAs('merchant.0001234', 'merchant');
  operator = await app.loginAs('operatore.0001234', 'merchant');
}, 240_000);
afterAll(async () => { await closeOpened(app, smtp); });

const request = (body: Row = {}) => ({
  tipoInvio: 'EMAIL', linguaInvio: 'IT', trType: 'PURCHASE', codAbi: '30480', codEsercente: '0001234', shopId: '1001',
  importo: 48.5, destinatario: 'cliente.allegato@cliente.example', nomeDestinatario: 'Cliente Allegato', descrizione: 'Cena del 30/11', ...body,
});
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 'a')]);
const inline = (name: string, bytes: Buffer, contentType = 'application/pdf') => ({ name, contentType, content: bytes.toString('base64') });

const recipient = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.text : '');
async function mailsTo(address: string): Promise<ParsedMail[]> {
  await app.mailIdle();
  return smtp.messages.filter((m) => recipient(m) === address);
}

describe('the attachment travels with the request (seed 002 §5)', () => {
  it('stores the file with the create and sends it in the request\'s mail', async () => {
    const bytes = pdf(500000);
    const res = await merchant.post(BASE).send(request({ allegato: inline('preventivo-cena.pdf', bytes) }));
    expect(res.status).toBe(201);
    expect(res.body.allegato).toEqual(expect.any(String));
    const id = String(res.body.tid);
    const [mail, ...more] = await mailsTo('cliente.allegato@cliente.example');
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Richiesta di pagamento da Bar Centrale');
    expect(mail.text).toContain(`Per pagare apra il link: https://pagamenti.webpos.example/pbm/${id}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'preventivo-cena.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(mail.attachments[0].content, bytes)).toBe(0);
    // The request keeps it: its download is the same file.
    const stored = await merchant.get(`${BASE}/${id}/allegato`).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(stored.status).toBe(200);
    expect(Buffer.compare(bytesOf(stored.body), bytes)).toBe(0);
  });

  it('a request without attachment mails without one', async () => {
    const res = await merchant.post(BASE).send(request({ destinatario: 'senza.allegato@cliente.example' }));
    expect(res.status).toBe(201);
    const [mail] = await mailsTo('senza.allegato@cliente.example');
    expect(mail.attachments).toEqual([]);
  });

  it("refuses one byte more, a forbidden name, bytes that are no PDF and an attachment to a LINK, with the seed's messages, storing nothing", async () => {
    const before = Number((await app.db('pagamento_mail').count({ n: '*' }).first())?.n);
    const cases: [Row, string][] = [
      [{ allegato: inline('preventivo.pdf', pdf(500001)) }, TOO_BIG],
      [{ allegato: inline('preventivo cena.pdf', pdf(1000)) }, 'Il nome del file contiene caratteri non consentiti'],
      [{ allegato: inline('preventivo.pdf', Buffer.from('non sono un PDF')) }, 'Il contenuto del file non corrisponde al tipo dichiarato'],
      [{ tipoInvio: 'LINK', destinatario: undefined, allegato: inline('preventivo.pdf', pdf(1000)) }, 'Campo non previsto con i valori indicati'],
    ];
    for (const [body, message] of cases) {
      const res = await merchant.post(BASE).send(request({ destinatario: 'rifiutata@cliente.example', ...body }));
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'allegato', message }] });
    }
    expect(Number((await app.db('pagamento_mail').count({ n: '*' }).first())?.n)).toBe(before);
    expect(await mailsTo('rifiutata@cliente.example')).toEqual([]);
  });

  it("an operator attaches to a request of its store only; another store's is out of its scope (403)", async () => {
    const ok = await operator.post(BASE).send(request({ destinatario: 'operatore.allegato@cliente.example', allegato: inline('menu.pdf', pdf(2000)) }));
    expect(ok.status).toBe(201);
    const [mail] = await mailsTo('operatore.allegato@cliente.example');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['menu.pdf']);
    const other = await operator.post(BASE).send(request({ shopId: '1002', allegato: inline('menu.pdf', pdf(2000)) }));
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita' });
  });
});

describe('pay-by-mail merchants: hasPwMail and enable (seed 002 §6)', () => {
  const setMerchant = (values: Row) => app.db('esercente').where({ cod_eser: '0001234' }).update(values);

  it('refuses a request and a mail text of a merchant without pay by mail (403), or disabled (400), and sends nothing', async () => {
    await setMerchant({ has_pw_mail: false });
    try {
      const res = await merchant.post(BASE).send(request({ destinatario: 'non.abilitato@cliente.example' }));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita' });
      const text = await merchant.put(`${MESSAGES}/30480/0001234/IT`).set('If-Match', '*').send({ codAbi: '30480', codEsercente: '0001234', lingua: 'IT', messaggioMail: 'Buongiorno' });
      expect(text.status).toBe(403);
    } finally {
      await setMerchant({ has_pw_mail: true });
    }
    for (const values of [{ enable: false }]) {
      await setMerchant(values);
      try {
        const res = await merchant.post(BASE).send(request({ destinatario: 'non.abilitato@cliente.example' }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'codEsercente', message: NOT_PWMAIL }] });
        const path = `${MESSAGES}/30480/0001234/IT`;
        const etag = (await merchant.get(path)).get('ETag') ?? '*';
        const text = await merchant.put(path).set('If-Match', etag).send({ codAbi: '30480', codEsercente: '0001234', lingua: 'IT', messaggioMail: 'Buongiorno' });
        expect(text.status).toBe(400);
        expect(text.body.details).toEqual([{ field: 'codEsercente', message: NOT_PWMAIL }]);
      } finally {
        await setMerchant({ has_pw_mail: true, enable: true });
      }
    }
    expect(await mailsTo('non.abilitato@cliente.example')).toEqual([]);
    expect((await merchant.post(BASE).send(request({ destinatario: 'di.nuovo@cliente.example' }))).status).toBe(201);
  });

  it("only two demo merchants have pay by mail, and another merchant's code stays out of scope (403)", async () => {
    const flags = await app.db('esercente').where({ has_pw_mail: true }).pluck('cod_eser');
    expect(flags.sort()).toEqual(['0001234', '0005678']);
    const res = await merchant.post(BASE).send(request({ codEsercente: '0002345', shopId: '2001' }));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita' });
  });
});
