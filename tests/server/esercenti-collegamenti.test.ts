/**
 * A store, a terminal and a discount are linked only to rows the caller may open (seed 001 §6: a bank sees its
 * banks' merchants, a branch user its cab's): a store is added to a merchant of the caller's scope, a terminal and
 * a discount to a store of it (spec/esercenti/negozio.yaml, terminale.yaml, sconto-immediato.yaml `withinScope`,
 * docs/spec-language.md#references-within-the-callers-scope). Another bank's or branch's merchant or store is
 * answered exactly as a missing one, so a demo login cannot learn which codes exist elsewhere; a terminal carries
 * its store's merchant and bank, never others.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480'] });
const { as } = demo;
const refused = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });

/** A new store of bank 30480, branch 01600, of merchant `codEser`. */
const store = (pdvid: string, codEser: string) => ({ pdvid, codEser, abi: '30480', cab: '01600', insegna: 'Bar della Prova', abcid: '5812', tipoSoggetto: '2', pIva: '01234560124' });
/** A new terminal of store `pdvid`, with the merchant and bank given. */
const terminal = (posid: string, pdvid: string, codEser: string, abi = '30480') => ({ posid, pdvid, codEser, abi, codModpos: 'G01' });
const stored = async (table: string, where: Record<string, string>) => demo.app.db(table).where(where).first();

describe("a store is added to a merchant the caller may open (seed 001 §6)", () => {
  it("a bank's head office: another bank's merchant is refused like a missing one, and nothing is stored", async () => {
    // 0003456 is bank 34256's Hotel Dolomiti; 0009999 exists nowhere.
    const other = await as['sede.30480'].post(`${API}/negozi`).send(store('9901', '0003456'));
    const missing = await as['sede.30480'].post(`${API}/negozi`).send(store('9902', '0009999'));
    expect(other.status).toBe(400);
    expect(other.body).toEqual(refused('codEser', 'Esercente inesistente'));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(other.body);
    expect(await stored('negozio', { pdvid: '9901' })).toBeUndefined();
  });

  it("a branch user: a merchant of another branch of its bank is refused; its own branch's merchant takes the store", async () => {
    // 0002345 (Ferramenta Verdi) is of branch 01601; 0008001 (Trattoria da Gino) of the user's 01600.
    const other = await as['filiale.30480'].post(`${API}/negozi`).send(store('9903', '0002345'));
    expect(other.status).toBe(400);
    expect(other.body).toEqual(refused('codEser', 'Esercente inesistente'));
    expect(await stored('negozio', { pdvid: '9903' })).toBeUndefined();
    const own = await as['filiale.30480'].post(`${API}/negozi`).send(store('9904', '0008001'));
    expect(own.status).toBe(201);
  });

  it('an existing store cannot be handed to a merchant outside the scope either', async () => {
    const read = await as['sede.30480'].get(`${API}/negozi/8001`);
    expect(read.status).toBe(200);
    const body: Record<string, unknown> = read.body;
    const row = Object.fromEntries(Object.entries(body).filter(([k]) => !k.startsWith('_')));
    const moved = await as['sede.30480'].put(`${API}/negozi/8001`).set('If-Match', read.headers.etag).send({ ...row, codEser: '0003456' });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual(refused('codEser', 'Esercente inesistente'));
    expect((await stored('negozio', { pdvid: '8001' })).cod_eser).toBe('0008001');
  });

  it('assistance adds a store of one bank to a merchant of another (the position spans banks)', async () => {
    const res = await as.assistenza.post(`${API}/negozi`).send(store('9905', '0003456'));
    expect(res.status).toBe(201);
  });
});

describe("a terminal is installed at a store the caller may open, under that store's merchant and bank", () => {
  it("another bank's store is refused like a missing one, and nothing is stored", async () => {
    // 3001 is bank 34256's Hotel Dolomiti store: the terminal claims the caller's bank, which its scope allows.
    const other = await as['sede.30480'].post(`${API}/terminali`).send(terminal('30489911', '3001', '0003456'));
    const missing = await as['sede.30480'].post(`${API}/terminali`).send(terminal('30489912', '9999', '0003456'));
    expect(other.status).toBe(400);
    expect(other.body).toEqual(refused('pdvid', 'Negozio inesistente'));
    expect(missing.body).toEqual(other.body);
    expect(await stored('terminale', { posid: '30489911' })).toBeUndefined();
  });

  it("refuses a merchant that is not the store's, on the merchant, and a bank that is not the store's, on the bank", async () => {
    // Store 1001 is Bar Centrale's (0001234); Ferramenta Verdi (0002345) is another merchant of the same bank.
    const merchant = await as['sede.30480'].post(`${API}/terminali`).send(terminal('30489913', '1001', '0002345'));
    expect(merchant.status).toBe(400);
    expect(merchant.body).toEqual(refused('codEser', "Il terminale deve appartenere all'esercente del suo negozio"));
    // Assistance may write any bank: the store's is still the terminal's.
    const bank = await as.assistenza.post(`${API}/terminali`).send(terminal('30489914', '1001', '0001234', '34256'));
    expect(bank.status).toBe(400);
    expect(bank.body).toEqual(refused('abi', 'Il terminale deve appartenere alla banca del suo negozio'));
    expect(await stored('terminale', { posid: '30489913' })).toBeUndefined();
    expect(await stored('terminale', { posid: '30489914' })).toBeUndefined();
    const right = await as['sede.30480'].post(`${API}/terminali`).send(terminal('30489915', '1001', '0001234'));
    expect(right.status).toBe(201);
  });
});

describe("a discount is requested for a store the caller may open", () => {
  it("another bank's store is refused like a missing one, whatever merchant, bank and branch the request names", async () => {
    const body = (pdvid: string) => ({ pdvid, codEser: '0001234', abi: '30480', cab: '01600', tipo: 'SI', scontoMin: 5, email: 'sconti@negozio.example' });
    const other = await as['sede.30480'].post(`${API}/scontiImmediati`).send(body('3001'));
    const missing = await as['sede.30480'].post(`${API}/scontiImmediati`).send(body('9999'));
    expect(other.status).toBe(400);
    expect(other.body).toEqual(refused('pdvid', 'Negozio inesistente'));
    expect(missing.body).toEqual(other.body);
  });
});
