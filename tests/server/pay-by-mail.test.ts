/**
 * Pay-by-mail (spec/pwmail/; seed 002 §2 servizi/pwmail, /richieste, /messaggimail (PWMAIL), §3, §4 "Pay-by-mail
 * request outcome", §5 PayWay Mail rules, §6, §7 serviziPosVirtuali/pagamentoMail, §8 messages, §9 50 a page):
 * the outcome derived from rc and booking, refund (with the password), confirm and cancel each only in its
 * state with the seed's messages, the data scope (an operator its stores, a merchant its own: 404 elsewhere),
 * the amount in cents, the attachment's rules, the special-requests configuration and the mail of a request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Demo-WebPos-2026';
const BASE = `${API}/serviziPosVirtuali/pagamentoMail`;
// Demo requests (spec/demo/55-pay-by-mail.yaml): Bar Centrale's store 1001 (the operator's) and 1002, and
// Supermercato Lombardi's 5001.
const tid = (n: number) => `9b1e0a52-0c4f-4b8e-9a51-${String(n).padStart(12, '0')}`;
const WAITING = tid(1);
const RESERVED_1001 = tid(2);
const APPROVED_1001 = tid(3);
const EXPIRED = tid(4);
const REFUNDED = tid(5);
const CANCELLED = tid(6);
const REFUSED = tid(7);
const RESERVED_1002 = tid(8);
const APPROVED_1002 = tid(9);
const OTHER_MERCHANT = tid(10);

type Row = Record<string, unknown>;
let app: TestApp;
let merchant: TestApp['request'];
let operator: TestApp['request'];
let bank: TestApp['request'];

beforeAll(async () => {
  app = await createTestApp();
  merchant = await app.loginAs('merchant.0001234', 'merchant');
  operator = await app.loginAs('operatore.0001234', 'merchant');
  bank = await app.loginAs('sede.30480');
}, 240_000);
afterAll(() => app.close());

const stored = (id: string) => app.db('pagamento_mail').where({ tid: id }).first();
const request = (body: Row = {}) => ({
  tipoInvio: 'EMAIL', linguaInvio: 'IT', trType: 'PURCHASE', codAbi: '30480', codEsercente: '0001234', shopId: '1001',
  importo: 48.5, destinatario: 'cliente.prova@cliente.example', nomeDestinatario: 'Cliente Prova', descrizione: 'Cena del 30/11', ...body,
});

describe('the request monitor (seed 002 §4 outcome, §9 50 a page)', () => {
  it('labels every demo request by rc and booking, and lists the merchant its own only, 50 a page', async () => {
    const res = await merchant.get(BASE).query({ size: 50 });
    expect(res.status).toBe(200);
    const byTid = Object.fromEntries(res.body.results.map((r: Row) => [r.tid, r.stato]));
    expect(byTid).toMatchObject({ [WAITING]: 'AT', [RESERVED_1001]: 'PR', [APPROVED_1001]: 'AP', [EXPIRED]: 'SC', [REFUNDED]: 'ST', [CANCELLED]: 'AN', [REFUSED]: 'RI' });
    expect(byTid[OTHER_MERCHANT]).toBeUndefined();
    expect((await merchant.get(BASE)).body.results.length).toBeLessThanOrEqual(50);
  });

  it('shows the amount in euro and keeps it in cents; filters by amount range and store', async () => {
    const row = (await merchant.get(`${BASE}/${APPROVED_1001}`)).body;
    expect(row).toMatchObject({ importo: 35.9, amount: 3590, shopUserRef: 'Luca Ferrari', linkUrl: `https://pagamenti.webpos.example/pbm/${APPROVED_1001}` });
    const found = await merchant.get(BASE).query({ importoDa: 100, importoA: 250, store: '1002' });
    expect(found.body.results.map((r: Row) => r.tid)).toEqual([RESERVED_1002]);
  });

  it('an operator sees the requests of its stores only: 404 on another store of its merchant and on another merchant', async () => {
    const res = await operator.get(BASE).query({ size: 50 });
    expect(res.status).toBe(200);
    expect(new Set(res.body.results.map((r: Row) => r.shopId))).toEqual(new Set(['1001']));
    for (const id of [RESERVED_1002, OTHER_MERCHANT]) {
      expect((await operator.get(`${BASE}/${id}`)).status).toBe(404);
      expect((await operator.post(`${BASE}/${id}/conferma`).send({})).status).toBe(404);
    }
    expect((await merchant.get(`${BASE}/${OTHER_MERCHANT}`)).status).toBe(404);
    expect((await merchant.post(`${BASE}/${OTHER_MERCHANT}/annulla`).send({})).status).toBe(404);
    expect((await stored(OTHER_MERCHANT)).rc).toBe('IGFS_000');
  });

  it('a bank user without PWMAIL is refused (403)', async () => {
    expect((await bank.get(BASE)).status).toBe(403);
  });
});

describe('refund, confirm, cancel (seed 002 §4, §8)', () => {
  it('offers each action only in its state', async () => {
    // `update` only stores an attachment (every other field is fixed once sent): the actions are the transitions.
    const actions = async (id: string): Promise<unknown[]> => {
      const answer: unknown[] = (await merchant.get(`${BASE}/${id}`)).body._actions;
      return answer.filter((a) => a !== 'update');
    };
    expect(await actions(APPROVED_1002)).toEqual(['storna']);
    expect(await actions(RESERVED_1002)).toEqual(['conferma', 'annulla']);
    for (const id of [WAITING, EXPIRED, REFUNDED, CANCELLED, REFUSED]) expect(await actions(id)).toEqual([]);
  });

  it('refuses each action outside its state with the seed\'s failure message, and changes nothing', async () => {
    const refusal = (errorMessage: string) => ({ code: 'INVALID_TRANSITION', errorMessage, details: [] });
    let res = await merchant.post(`${BASE}/${WAITING}/storna`).send({ password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refusal('Operazione di storno fallita'));
    res = await merchant.post(`${BASE}/${APPROVED_1002}/conferma`).send({});
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refusal('Operazione di conferma pagamento fallita'));
    res = await merchant.post(`${BASE}/${EXPIRED}/annulla`).send({});
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refusal('Operazione di annullamento fallita'));
    expect(await stored(WAITING)).toMatchObject({ rc: null, stato: 'AT' });
  });

  it('refunds an approved payment with the caller\'s password; a wrong one is refused', async () => {
    const wrong = await merchant.post(`${BASE}/${APPROVED_1002}/storna`).send({ password: 'Sbagliata-2026' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('REAUTHENTICATION_FAILED');
    expect((await stored(APPROVED_1002)).stato).toBe('AP');
    const res = await merchant.post(`${BASE}/${APPROVED_1002}/storna`).send({ password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pagamento stornato con successo');
    expect(res.body.row).toMatchObject({ stato: 'ST', rc: 'STORNATA', esitoDa: 'merchant.0001234', _actions: ['update'] });
    const again = await merchant.post(`${BASE}/${APPROVED_1002}/storna`).send({ password: PASSWORD });
    expect(again.body.errorMessage).toBe('Operazione di storno fallita');
  });

  it('the operator confirms a reserved payment of its store; the merchant cancels another', async () => {
    const res = await operator.post(`${BASE}/${RESERVED_1001}/conferma`).send({});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pagamento confermato con successo');
    expect(res.body.row).toMatchObject({ stato: 'AP', rc: 'IGFS_000', contabilizzata: true, _actions: ['storna', 'update'] });
    const cancel = await merchant.post(`${BASE}/${RESERVED_1002}/annulla`).send({});
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toBe('Pagamento annullato con successo');
    expect(cancel.body.row).toMatchObject({ stato: 'AN', rc: 'ANNULLATA' });
  });
});

describe('the PayWay Mail request form (seed 002 §3, §5, §8, §9)', () => {
  it('creates a waiting request with its link, amount in cents and date; by EMAIL a mail leaves in the chosen language', async () => {
    await app.mailIdle();
    const res = await merchant.post(BASE).send(request({ importo: 1234.56, linguaInvio: 'EN', note: 'Tavolo in terrazza' }));
    expect(res.status).toBe(201);
    const id = String(res.body.tid);
    expect(res.body).toMatchObject({ stato: 'AT', rc: null, contabilizzata: false, importo: 1234.56, amount: 123456, shopUserRef: 'Cliente Prova', linkUrl: `https://pagamenti.webpos.example/pbm/${id}` });
    expect(res.body.dataRichiesta).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await app.mailIdle();
    const mail = await app.db('mail_outbox').where({ recipient: 'cliente.prova@cliente.example' }).first();
    expect(mail).toMatchObject({ subject: 'Payment request from Bar Centrale', username: 'merchant.0001234', group: '30480-0001234' });
    // The merchant's English text (spec/demo/55-messaggi-mail.yaml), the details and the link.
    expect(mail.body).toContain('Bar Centrale sends you the payment request below.');
    expect(mail.body).toContain('Amount: 1.234,56 EUR');
    expect(mail.body).toContain(`To pay, open the link: https://pagamenti.webpos.example/pbm/${id}`);
  });

  it('by LINK no mail leaves; defaults are EMAIL, IT and PURCHASE', async () => {
    const before = await app.db('mail_outbox').count({ n: '*' }).first();
    const res = await merchant.post(BASE).send(request({ tipoInvio: 'LINK', destinatario: undefined, nomeDestinatario: 'Cliente Link' }));
    expect(res.status).toBe(201);
    await app.mailIdle();
    expect(await app.db('mail_outbox').count({ n: '*' }).first()).toEqual(before);
    const defaults = await merchant.post(BASE).send({ shopId: '1001', codAbi: '30480', codEsercente: '0001234', importo: 10, destinatario: 'b@cliente.example', nomeDestinatario: 'B', descrizione: 'Prova' });
    expect(defaults.body).toMatchObject({ tipoInvio: 'EMAIL', linguaInvio: 'IT', trType: 'PURCHASE' });
  });

  it('takes at most 2 decimals; the e-mail is required by EMAIL', async () => {
    let res = await merchant.post(BASE).send(request({ importo: 12.345 }));
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'importo', message: "L'importo può avere al massimo 2 decimali" });
    res = await merchant.post(BASE).send(request({ destinatario: undefined }));
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: Row) => d.field)).toContain('destinatario');
  });

  it('an operator sends only for its stores; nobody sets the outcome or the link', async () => {
    // Outside its stores the row itself is outside its scope (403, as any create there).
    const res = await operator.post(BASE).send(request({ shopId: '1002' }));
    expect(res.status).toBe(403);
    const other = await merchant.post(BASE).send(request({ shopId: '5001' }));
    expect(other.status).toBe(400);
    expect(other.body.details).toContainEqual({ field: 'shopId', message: "Negozio non abilitato al pay by mail per l'utente" });
    const forged = await merchant.post(BASE).send(request({ rc: 'IGFS_000', contabilizzata: true, linkUrl: 'https://altro.example' }));
    expect(forged.status).toBe(400);
    expect(forged.body.details.map((d: Row) => d.field).sort()).toEqual(['contabilizzata', 'linkUrl', 'rc']);
    const foreign = await merchant.post(BASE).send(request({ codEsercente: '0005678', shopId: '5001' }));
    expect(foreign.status).toBe(403);
  });

  it('cause and name-surname only while PWM.SPECIAL_REQUESTS is on', async () => {
    const special = { causale: 'Saldo fattura 2026/118', nomeCognome: 'Mario Rossi' };
    let res = await merchant.post(BASE).send(request(special));
    expect(res.status).toBe(400);
    const off = 'Causale e nome e cognome si indicano solo se le richieste speciali Pay by mail sono abilitate';
    expect(res.body.details).toEqual([{ field: 'causale', message: off }, { field: 'nomeCognome', message: off }]);
    expect((await app.request.put(`${API}/config/PWM.SPECIAL_REQUESTS`).send({ value: 'true' })).status).toBe(200);
    res = await merchant.post(BASE).send(request(special));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(special);
    await app.request.put(`${API}/config/PWM.SPECIAL_REQUESTS`).send({ value: 'false' });
  });

  it('a sent request cannot be changed', async () => {
    const created = await merchant.post(BASE).send(request());
    const row = (await merchant.get(`${BASE}/${String(created.body.tid)}`));
    const res = await merchant.put(`${BASE}/${String(created.body.tid)}`).set('If-Match', row.get('ETag') ?? '*').send({ ...request(), importo: 1 });
    expect(res.status).toBe(403);
    expect(res.body.details).toContainEqual({ field: 'importo', message: 'La richiesta è già stata inviata: non si può modificare' });
  });
});

describe('the attachment (seed 002 §5, §9: 500000 bytes, file name rule)', () => {
  function multipart(name: string, bytes: Buffer, type = 'application/pdf'): { contentType: string; body: Buffer } {
    const boundary = `----webposTest${Math.random().toString(16).slice(2)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
  }
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 'a')]);
  async function upload(id: string, name: string, bytes: Buffer) {
    const etag = (await merchant.get(`${BASE}/${id}`)).get('ETag') ?? '*';
    const { contentType, body } = multipart(name, bytes);
    return merchant.put(`${BASE}/${id}/allegato`).set('If-Match', etag).set('Content-Type', contentType).send(body);
  }

  it('takes a PDF of 500000 bytes, refuses one byte more and a name with forbidden characters, with the seed\'s messages', async () => {
    const id = String((await merchant.post(BASE).send(request())).body.tid);
    const big = await upload(id, 'preventivo.pdf', pdf(500001));
    expect(big.status).toBe(400);
    expect(big.body.details).toEqual([{ field: 'file', message: "La dimensione del file selezionato e' troppo grande: la dimensione massima e' di 500kb" }]);
    const badName = await upload(id, 'preventivo cena.pdf', pdf(1000));
    expect(badName.status).toBe(400);
    expect(badName.body.details).toEqual([{ field: 'file', message: 'Il nome del file contiene caratteri non consentiti' }]);
    const ok = await upload(id, 'preventivo.pdf', pdf(500000));
    expect(ok.status).toBe(200);
    expect(ok.body.allegato).toBeTruthy();
    // The upload is no change of the request: no second mail, same link.
    expect(ok.body.linkUrl).toBe(`https://pagamenti.webpos.example/pbm/${id}`);
  });

  it('the operator cannot reach another store\'s request', async () => {
    const { contentType, body } = multipart('a.pdf', pdf(100));
    const etag = (await merchant.get(`${BASE}/${RESERVED_1002}`)).get('ETag') ?? '';
    expect((await operator.put(`${BASE}/${RESERVED_1002}/allegato`).set('If-Match', etag).set('Content-Type', contentType).send(body)).status).toBe(404);
  });
});

describe('the mail texts per language (seed 002 §3 lingua, messaggioMail; §9 IT EN DE ES FR)', () => {
  const MESSAGES = `${API}/messaggiMail`;
  it('lists the merchant its five texts; the administrator changes one, the operator may not', async () => {
    const list = await merchant.get(MESSAGES);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: Row) => r.lingua).sort()).toEqual(['DE', 'EN', 'ES', 'FR', 'IT']);
    const path = `${MESSAGES}/30480/0001234/IT`;
    const etag = (await merchant.get(path)).get('ETag') ?? '*';
    const res = await merchant.put(path).set('If-Match', etag).send({ codAbi: '30480', codEsercente: '0001234', lingua: 'IT', messaggioMail: 'Buongiorno,\necco la richiesta di pagamento.' });
    expect(res.status).toBe(200);
    expect((await operator.get(path)).status).toBe(200);
    expect((await operator.put(path).set('If-Match', '*').send({ codAbi: '30480', codEsercente: '0001234', lingua: 'IT', messaggioMail: 'X' })).status).toBe(403);
    expect((await bank.get(MESSAGES)).status).toBe(403);
  });
});
