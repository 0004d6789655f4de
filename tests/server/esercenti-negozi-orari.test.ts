/**
 * A store's opening hours, receipt lines and the other fields of its tab (seed 001 §1 "Store tab body", §3 Store:
 * apertura, chiusura, dalleOre, alleOre; riga1, riga2, testata, cortesia, rsc1, rsc2, tsc, csc; fax, note, nIscCcia,
 * nIscTrib with §5's "digits only" and "at most 10 digits"). The seed quotes no message for them: the messages are
 * spec/esercenti/negozio.yaml's. On SQLite here, on PostgreSQL with tests/run-postgres-suite.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const TIME_FORMAT = (example: string) => `Indicare l'orario nel formato hh:mm, per esempio ${example}`;
const CLOSES_AFTER = "L'orario di chiusura deve essere successivo all'orario di apertura";
const BREAK_ENDS_AFTER = 'La fine della pausa deve essere successiva al suo inizio';
const BREAK_INSIDE = "La pausa deve essere compresa nell'orario di apertura";
const LINE_TOO_LONG = 'Al massimo 24 caratteri per riga dello scontrino';
const LINE_CHARACTERS = "Lo scontrino stampa solo lettere senza accento, cifre, spazi e i segni . , ; : ' ! ? ( ) / & + * # % @ -";
const RECEIPT_LINES = ['riga1', 'riga2', 'testata', 'cortesia', 'rsc1', 'rsc2', 'tsc', 'csc'];
const NO_HOURS = { apertura: null, chiusura: null, dalleOre: null, alleOre: null };

let app: TestApp;
let bank: TestApp['request'];

/** A GET body as a PUT body: without what the server adds (names, actions). */
const asBody = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => !k.startsWith('_')));

/** Saves store 2001 (Ferramenta Verdi, bank 30480) with `changes` as the head office of its bank. */
async function save(changes: Record<string, unknown>) {
  const read = await bank.get(`${API}/negozi/2001`);
  expect(read.status).toBe(200);
  return bank.put(`${API}/negozi/2001`).set('If-Match', read.headers.etag).send({ ...asBody(read.body), ...changes });
}

/** The 400 of a save with `changes`: its details, field and message. */
async function refusal(changes: Record<string, unknown>) {
  const res = await save(changes);
  expect(res.status, JSON.stringify(changes)).toBe(400);
  expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi' });
  return res.body.details;
}

beforeAll(async () => {
  app = await createTestApp();
  bank = await app.loginAs('sede.30480');
});
afterAll(() => app.close());

describe("a store's opening hours: opening, closing, and a break inside them", () => {
  it("the demo's hardware shop opens 08:30-19:30 with a break 12:30-15:00, and prints its lines", async () => {
    const res = await bank.get(`${API}/negozi/2001`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      apertura: '08:30', chiusura: '19:30', dalleOre: '12:30', alleOre: '15:00', fax: '039 2223344',
      testata: 'FERRAMENTA VERDI', riga1: 'VIA ITALIA 22', riga2: '20900 MONZA (MB)', cortesia: 'GRAZIE DELLA VISITA',
      tsc: 'FERRAMENTA VERDI', rsc1: 'VIA ITALIA 22 - MONZA', rsc2: null, csc: 'GRAZIE DELLA VISITA',
    });
  });

  it('stores new hours and a break, then hours without a break, then none; a store closing at midnight says 24:00', async () => {
    const withBreak = await save({ apertura: '09:00', chiusura: '19:00', dalleOre: '13:00', alleOre: '14:30' });
    expect(withBreak.status).toBe(200);
    expect(withBreak.body).toMatchObject({ apertura: '09:00', chiusura: '19:00', dalleOre: '13:00', alleOre: '14:30' });
    expect((await save({ apertura: '18:00', chiusura: '24:00', dalleOre: null, alleOre: null })).body).toMatchObject({ apertura: '18:00', chiusura: '24:00', dalleOre: null, alleOre: null });
    const none = await save(NO_HOURS);
    expect(none.status).toBe(200);
    expect((await bank.get(`${API}/negozi/2001`)).body).toMatchObject(NO_HOURS);
  });

  it('refuses a time that is not hh:mm, on its field, with an example', async () => {
    expect(await refusal({ apertura: '8:30', chiusura: '19:30' })).toEqual([{ field: 'apertura', message: TIME_FORMAT('08:30') }]);
    expect(await refusal({ apertura: '08:30', chiusura: '25:00' })).toEqual([{ field: 'chiusura', message: TIME_FORMAT('19:30') }]);
    expect(await refusal({ apertura: '08:00', chiusura: '20:00', dalleOre: '13.00', alleOre: '14:00' })).toEqual([{ field: 'dalleOre', message: TIME_FORMAT('13:00') }]);
    expect(await refusal({ apertura: '08:00', chiusura: '20:00', dalleOre: '13:00', alleOre: '14:60' })).toEqual([{ field: 'alleOre', message: TIME_FORMAT('15:30') }]);
  });

  it('wants both ends of the hours and of the break, and the hours for a break', async () => {
    expect(await refusal({ ...NO_HOURS, apertura: '08:00' })).toEqual([{ field: 'chiusura', message: "Indicare l'orario di chiusura" }]);
    expect(await refusal({ ...NO_HOURS, chiusura: '20:00' })).toEqual([{ field: 'apertura', message: "Indicare l'orario di apertura" }]);
    expect(await refusal({ apertura: '08:00', chiusura: '20:00', dalleOre: '13:00', alleOre: null })).toEqual([{ field: 'alleOre', message: 'Indicare la fine della pausa' }]);
    expect(await refusal({ apertura: '08:00', chiusura: '20:00', dalleOre: null, alleOre: '14:00' })).toEqual([{ field: 'dalleOre', message: "Indicare l'inizio della pausa" }]);
    const breakAlone = await refusal({ ...NO_HOURS, dalleOre: '13:00', alleOre: '14:00' });
    expect(breakAlone).toHaveLength(2);
    expect(breakAlone).toEqual(expect.arrayContaining([
      { field: 'apertura', message: "Indicare l'orario di apertura" },
      { field: 'chiusura', message: "Indicare l'orario di chiusura" },
    ]));
  });

  it('refuses a closing not after the opening, a break that ends before it starts or lies outside the hours', async () => {
    expect(await refusal({ ...NO_HOURS, apertura: '20:00', chiusura: '08:00' })).toEqual([{ field: 'chiusura', message: CLOSES_AFTER }]);
    expect(await refusal({ ...NO_HOURS, apertura: '08:00', chiusura: '08:00' })).toEqual([{ field: 'chiusura', message: CLOSES_AFTER }]);
    expect(await refusal({ apertura: '08:00', chiusura: '20:00', dalleOre: '15:00', alleOre: '13:00' })).toEqual([{ field: 'alleOre', message: BREAK_ENDS_AFTER }]);
    expect(await refusal({ apertura: '08:00', chiusura: '20:00', dalleOre: '13:00', alleOre: '13:00' })).toEqual([{ field: 'alleOre', message: BREAK_ENDS_AFTER }]);
    for (const [dalleOre, alleOre] of [['07:00', '09:00'], ['19:00', '21:00'], ['08:00', '09:00'], ['19:00', '20:00']]) {
      expect(await refusal({ apertura: '08:00', chiusura: '20:00', dalleOre, alleOre }), `${dalleOre}-${alleOre}`).toEqual([{ field: 'dalleOre', message: BREAK_INSIDE }]);
    }
    // Nothing of the refused saves was stored.
    expect((await bank.get(`${API}/negozi/2001`)).body).toMatchObject(NO_HOURS);
  });

  it('a new store may be created with its hours, and is refused with the same message when they are wrong', async () => {
    const store = { pdvid: '9921', codEser: '0002345', abi: '30480', cab: '01601', insegna: 'Ferramenta Verdi Due', tipoSoggetto: '2', pIva: '09876540155', abcid: '5251' };
    const wrong = await bank.post(`${API}/negozi`).send({ ...store, apertura: '19:00', chiusura: '09:00' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ field: 'chiusura', message: CLOSES_AFTER }]);
    const created = await bank.post(`${API}/negozi`).send({ ...store, apertura: '09:00', chiusura: '19:00', testata: 'FERRAMENTA VERDI DUE' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ apertura: '09:00', chiusura: '19:00', testata: 'FERRAMENTA VERDI DUE' });
  });
});

describe('the receipt lines: 24 characters a line, what a terminal prints', () => {
  it('stores a line of exactly 24 characters, with punctuation, in each of the eight lines', async () => {
    const line = "CAFFE' & CO. (MI) 2/4 -!";
    expect(line).toHaveLength(24);
    const saved = await save(Object.fromEntries(RECEIPT_LINES.map((f) => [f, line])));
    expect(saved.status).toBe(200);
    for (const field of RECEIPT_LINES) expect(saved.body[field], field).toBe(line);
  });

  it('refuses 25 characters and an accented letter on each line, with its message on the line', async () => {
    for (const field of RECEIPT_LINES) {
      expect(await refusal({ [field]: 'A'.repeat(25) }), field).toEqual([{ field, message: LINE_TOO_LONG }]);
      expect(await refusal({ [field]: 'CAFFÈ CENTRALE' }), field).toEqual([{ field, message: LINE_CHARACTERS }]);
    }
    expect(await refusal({ cortesia: 'Grazie €' })).toEqual([{ field: 'cortesia', message: LINE_CHARACTERS }]);
  });
});

describe('fax, notes and register numbers of the store tab (seed 001 §3, §5)', () => {
  it('stores them', async () => {
    const saved = await save({ fax: '039 2223345', note: 'Consegna dal retro, citofono "Verdi".', nIscCcia: '7654321', nIscTrib: '1234567890' });
    expect(saved.status).toBe(200);
    expect((await bank.get(`${API}/negozi/2001`)).body).toMatchObject({ fax: '039 2223345', note: 'Consegna dal retro, citofono "Verdi".', nIscCcia: '7654321', nIscTrib: '1234567890' });
  });

  it('refuses a company-register number with letters and a tax-registration number over 10 digits', async () => {
    expect(await refusal({ nIscCcia: 'MI-123' })).toEqual([{ field: 'nIscCcia', message: 'Campo numerico' }]);
    for (const nIscTrib of ['12345678901', '12A']) {
      expect(await refusal({ nIscTrib }), nIscTrib).toEqual([{ field: 'nIscTrib', message: 'Il numero di iscrizione al tribunale è di al massimo 10 cifre' }]);
    }
  });
});
