/**
 * A store's immediate and Ventis City discounts (seed 001 §3 Immediate discount, §4 request, update, deactivate, §5
 * rules, §8 messages; spec/esercenti/sconto-immediato.yaml, server/domain/esercenti/sconto-hooks.ts): the data scope of
 * stores, the minimums and their exact messages, the store's terminals (compatible models, none from the warehouse),
 * the category's minimum, Ventis City only for a bank that offers it, and deactivation.
 * Demo: bank 30480 offers Ventis City, 34256 does not; models G01 and G02 are compatible, 901 is not; terminal 30480002
 * of store 1001 comes from the bank's stock (BC); the supermarkets' category 5411 asks at least 5%; discounts of
 * stores 1002 (Ventis City), 5001 and 5011 (immediate) are active (spec/demo/47-sconti-immediati.yaml).
 */
import { describe, expect, it } from 'vitest';
import { API, type TestApp } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';

type Agent = TestApp['request'];
const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;
const URL = `${API}/scontiImmediati`;
const pdvids = (res: { body: { results: Record<string, unknown>[] } }) => res.body.results.map((r) => r.pdvid).sort();
const refused = (details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', details });
// Seed 001 §8 "open technical actions": terminal 34256001 of store 3001 has an open maintenance ticket (TK-0004, suspended).
const OPEN_3001 = 'Attenzione: sui seguenti terminali sono in corso interventi tecnici: 34256001 (Sostituzione POS). Per richiedere il servizio contattare il fornitore dei terminali.';
const ALREADY_ACTIVE = 'Per questo negozio il servizio è già attivo: modificare lo sconto attivo o disattivarlo prima di una nuova richiesta';

/** The stores the tests request for: their merchant, bank and branch (spec/demo/46-negozi.yaml). */
const STORE = {
  '1001': { pdvid: '1001', codEser: '0001234', abi: '30480', cab: '01600' },
  '2001': { pdvid: '2001', codEser: '0002345', abi: '30480', cab: '01601' },
  '3001': { pdvid: '3001', codEser: '0003456', abi: '34256', cab: '01800' },
  '4001': { pdvid: '4001', codEser: '0004567', abi: '30480', cab: '01600' },
  '5002': { pdvid: '5002', codEser: '0005678', abi: '30480', cab: '01600' },
  '5012': { pdvid: '5012', codEser: '0005678', abi: '30480', cab: '01600' },
};
const request = (store: keyof typeof STORE, fields: Record<string, unknown>) => ({ ...STORE[store], email: 'sconti@negozio.example', ...fields });

/** `work` while the provider's ticket is closed (installed, 3), the ticket put back suspended (6) afterwards. */
async function withTicketClosed<T>(ticket: string, work: () => Promise<T>): Promise<T> {
  const tickets = () => demo.app.db('ticket_manutenzione').where({ numero_ticket: ticket });
  await tickets().update({ stato: '3' });
  try {
    return await work();
  } finally {
    await tickets().update({ stato: '6' });
  }
}

/** Writes of an existing row send the version they read (If-Match), as the UI does. */
async function put(agent: Agent, id: string, change: Record<string, unknown>) {
  const read = await agent.get(`${URL}/${id}`);
  // The row as read, less what the server keeps for itself: its names, actions, key and state (a transition's).
  const body: Record<string, unknown> = read.body;
  const row = Object.fromEntries(Object.entries(body).filter(([k]) => !k.startsWith('_') && k !== 'idSconto' && k !== 'stato'));
  return agent.put(`${URL}/${id}`).set('If-Match', read.get('ETag') ?? '*').send({ ...row, ...change });
}

describe('who sees which discounts: the scope of stores (seed 001 §6, seed 002 §6)', () => {
  it('a bank its banks\', a branch its branch\'s, a merchant its own, an operator its stores\' only', async () => {
    expect(pdvids(await as['sede.30480'].get(URL))).toEqual(['1002', '5001', '5011']);
    expect(pdvids(await as['filiale.30480'].get(URL))).toEqual(['1002', '5001', '5011']);
    expect(pdvids(await as['merchant.0001234'].get(URL))).toEqual(['1002']);
    expect(pdvids(await as['operatore.0001234'].get(URL))).toEqual([]);
    expect(pdvids(await as['sede.60855'].get(URL))).toEqual([]);
    // By URL: another merchant's discount does not exist for a merchant.
    expect((await as['merchant.0001234'].get(`${URL}/5c000000-0000-4000-8000-000000005001`)).status).toBe(404);
    expect((await as['operatore.0001234'].get(`${URL}/5c000000-0000-4000-8000-000000001002`)).status).toBe(404);
  });

  it('is a related list of the store, also inside the merchant record\'s store tab', async () => {
    const own = await as['merchant.0001234'].get(`${API}/esercenti/0001234/negozi/1002/sconti`);
    expect(own.status).toBe(200);
    expect(own.body.results).toMatchObject([{ pdvid: '1002', tipo: 'VC', scontoMin: 10, stato: 'A' }]);
    expect((await as['sede.30480'].get(`${API}/negozi/5011/sconti`)).body.results).toMatchObject([{ tipo: 'SI', agevolazione: 'C', scontoCoupon: 15, tipoCoupon: 'P' }]);
    expect((await as['merchant.0001234'].get(`${API}/esercenti/0005678/negozi/5011/sconti`)).status).toBe(404);
  });

  it('merchants read it and request nothing: they lack GES_NEG:CREAZIONE and AGGIORNAMENTO', async () => {
    const res = await as['merchant.0001234'].post(URL).send(request('1001', { tipo: 'SI', scontoMin: 5 }));
    expect(res.status).toBe(403);
    expect((await as['merchant.0001234'].post(`${URL}/5c000000-0000-4000-8000-000000001002/disattiva`)).status).toBe(403);
  });

  it('a bank cannot request for another bank\'s store, nor a branch for another branch\'s', async () => {
    expect((await as['sede.30480'].post(URL).send(request('3001', { tipo: 'SI', scontoMin: 5 }))).status).toBe(403);
    expect((await as['filiale.30480'].post(URL).send(request('2001', { tipo: 'SI', scontoMin: 5 }))).status).toBe(403);
  });
});

describe('the discount\'s own rules (seed 001 §5, §9)', () => {
  it('asks for the discount or an agevolazione', async () => {
    const res = await as['sede.30480'].post(URL).send(request('2001', { tipo: 'SI' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(expect.arrayContaining([
      { field: 'scontoMin', message: "Indicare lo sconto oppure scegliere un'agevolazione" },
      { field: 'agevolazione', message: "Indicare lo sconto oppure scegliere un'agevolazione" },
    ]));
  });

  it('immediate discount: at least 3% ("Lo sconto deve essere minimo del 3%"), at most 100% ("percentuale non valida")', async () => {
    expect((await as['sede.30480'].post(URL).send(request('2001', { tipo: 'SI', scontoMin: 2.99 }))).body).toMatchObject(refused([{ field: 'scontoMin', message: 'Lo sconto deve essere minimo del 3%' }]));
    expect((await as['sede.30480'].post(URL).send(request('2001', { tipo: 'SI', scontoMin: 100.5 }))).body).toMatchObject(refused([{ field: 'scontoMin', message: 'percentuale non valida' }]));
  });

  it('a package or coupon: at least 15%, or 3% for a coupon of type F', async () => {
    const coupon = (tipoCoupon: string, scontoCoupon: number) => request('2001', { tipo: 'SI', agevolazione: 'C', tipoCoupon, scontoCoupon });
    expect((await as['sede.30480'].post(URL).send(coupon('P', 14))).body).toMatchObject(refused([{ field: 'scontoCoupon', message: 'Lo sconto inserito non rispetta i parametri minimi.' }]));
    expect((await as['sede.30480'].post(URL).send(coupon('F', 2))).body).toMatchObject(refused([{ field: 'scontoCoupon', message: 'Lo sconto inserito non rispetta i parametri minimi.' }]));
    const made = await as['sede.30480'].post(URL).send(coupon('F', 3));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ pdvid: '2001', tipo: 'SI', stato: 'A', agevolazione: 'C', tipoCoupon: 'F', scontoCoupon: 3 });
    expect(made.body.idSconto).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Ventis City: at least 3% ("Lo sconto inserito non rispetta i parametri minimi."), only where the bank offers it', async () => {
    expect((await as['sede.30480'].post(URL).send(request('2001', { tipo: 'VC', scontoMin: 2 }))).body).toMatchObject(refused([{ field: 'scontoMin', message: 'Lo sconto inserito non rispetta i parametri minimi.' }]));
    // The store's terminals are read first (below): with its intervention closed, store 3001 meets the bank's rule.
    const other = await withTicketClosed('TK-0004', () => as.assistenza.post(URL).send(request('3001', { tipo: 'VC', scontoMin: 10 })));
    expect(other.body).toMatchObject(refused([{ field: 'tipo', message: 'Il servizio Ventis City non è disponibile per la banca del negozio' }]));
    expect((await as['sede.30480'].post(URL).send(request('2001', { tipo: 'VC', scontoMin: 3 }))).status).toBe(201);
  });

  it('refuses a store that is not the merchant\'s, bank\'s and branch\'s sent with it, telling nothing of that store', async () => {
    const res = await as['sede.30480'].post(URL).send({ ...request('4001', { tipo: 'SI', scontoMin: 5 }), codEser: '0001234' });
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field: 'pdvid', message: "Il negozio non appartiene all'esercente, alla banca e alla filiale indicati" }] });
  });
});

describe('the store\'s terminals and category (seed 001 §5, §8)', () => {
  it('refuses a store with a model that is not compatible, naming its terminals', async () => {
    const res = await as['sede.30480'].post(URL).send(request('4001', { tipo: 'SI', scontoMin: 5 }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refused([{ field: 'pdvid', message: 'Attenzione: i seguenti terminali non sono compatibili: 30480401. Per richiedere il servizio tutti i modelli presenti nel negozio devono essere compatibili.' }]));
  });

  it('refuses a store with a terminal from the bank\'s warehouse', async () => {
    const res = await as['sede.30480'].post(URL).send(request('1001', { tipo: 'VC', scontoMin: 5 }));
    expect(res.body).toMatchObject(refused([{ field: 'pdvid', message: 'Attenzione: è necessario che i modelli richiesti non siano a magazzino.' }]));
  });

  it('refuses a store whose terminals have an open technical intervention, naming them, until the provider closes it', async () => {
    const res = await as.assistenza.post(URL).send(request('3001', { tipo: 'SI', scontoMin: 10 }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field: 'pdvid', message: OPEN_3001 }] });
    // Closed (installed, 3), the ticket no longer stops the request.
    expect((await withTicketClosed('TK-0004', () => as.assistenza.post(URL).send(request('3001', { tipo: 'SI', scontoMin: 10 })))).status).toBe(201);
  });

  it('refuses a discount below the store category\'s minimum, and takes one at it', async () => {
    const res = await as['sede.30480'].post(URL).send(request('5002', { tipo: 'SI', scontoMin: 4.5 }));
    expect(res.body).toMatchObject(refused([{ field: 'scontoMin', message: 'Lo sconto non può essere inferiore al minimo della categoria merceologica del negozio (5%)' }]));
    const made = await as['filiale.30480'].post(URL).send(request('5002', { tipo: 'SI', scontoMin: 5 }));
    expect(made.status).toBe(201);
    // One active discount per store and service: the database's partial unique index, 409 with its message.
    const again = await as['filiale.30480'].post(URL).send(request('5002', { tipo: 'SI', scontoMin: 6 }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'DUPLICATE_KEY', errorMessage: ALREADY_ACTIVE, details: [{ field: 'tipo', message: ALREADY_ACTIVE }] });
  });
});

describe('one active discount per store and service, kept by the database', () => {
  it('eight requests at once for the same store and service: exactly one 201, the others 409 with the message', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => as['sede.30480'].post(URL).send(request('5012', { tipo: 'SI', scontoMin: 6 + i }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refusal of answers.filter((a) => a.status === 409)) {
      expect(refusal.body).toEqual({ code: 'DUPLICATE_KEY', errorMessage: ALREADY_ACTIVE, details: [{ field: 'tipo', message: ALREADY_ACTIVE }] });
    }
    expect(pdvids(await as['sede.30480'].get(`${URL}?pdvid=5012&stato=A`))).toEqual(['5012']);
    // The other service of the same store is another rule's row.
    expect((await as['sede.30480'].post(URL).send(request('5012', { tipo: 'VC', scontoMin: 6 }))).status).toBe(201);
  });
});

describe('update and deactivation (seed 001 §4)', () => {
  const ID = '5c000000-0000-4000-8000-000000005001';

  it('updates an active discount with the same rules', async () => {
    expect((await put(as['sede.30480'], ID, { scontoMin: 4 })).body).toMatchObject(refused([{ field: 'scontoMin', message: 'Lo sconto non può essere inferiore al minimo della categoria merceologica del negozio (5%)' }]));
    const res = await put(as['sede.30480'], ID, { scontoMin: 7.5, telefono: '02 1234567' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scontoMin: 7.5, telefono: '02 1234567', stato: 'A' });
  });

  it('deactivates it; then it is read-only history and the store may request again', async () => {
    const off = await as['sede.30480'].post(`${URL}/${ID}/disattiva`);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: 'Sconto disattivato con successo', row: { stato: 'D' } });
    const change = await put(as['sede.30480'], ID, { scontoMin: 8 });
    expect(change.status).toBe(403);
    expect(change.body.details).toEqual([expect.objectContaining({ message: 'Lo sconto è disattivato: per attivarlo di nuovo inserire una nuova richiesta' })]);
    expect((await as['sede.30480'].post(`${URL}/${ID}/disattiva`)).status).toBe(403);
    const again = await as['sede.30480'].post(URL).send({ pdvid: '5001', codEser: '0005678', abi: '30480', cab: '01600', email: 'torino@lombardi.example', tipo: 'SI', scontoMin: 6 });
    expect(again.status).toBe(201);
    expect(pdvids(await as['sede.30480'].get(`${URL}?pdvid=5001&stato=A`))).toEqual(['5001']);
  });
});
