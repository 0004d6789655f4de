/**
 * The merchant registry (seed 001 §3, §5, §6, §7; spec/esercenti/) on the demo data: the search and its
 * one-field rule, the record with its legal representative and beneficial owners, the §5 identifier and
 * e-mail rules with their messages, the dates not after today, and who sees which merchants, stores and
 * terminals (bank, branch, merchant, operator).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

const SEARCH_NEEDS_A_FIELD = "E' necessario compilare almeno un campo del form prima di poter effettuare una ricerca.";
const REQUIRED = "Questo campo e' obbligatorio";
const invalid = (...details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details });
const codes = (res: { body: { results: Record<string, unknown>[] } }, key: string) => res.body.results.map((r) => r[key]);
// The twelve stores of Supermercati Lombardi (0005678, bank 30480, branch 01600): more than a page of tabs.
const LOMBARDI_STORES = Array.from({ length: 12 }, (_, i) => String(5001 + i));
const today = new Date().toISOString().slice(0, 10);
const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let app: TestApp;
let as: Record<string, TestApp['request']>;
let seq = 0;
/** A new merchant of bank 30480, branch 01600, VAT number only: the fields the tests vary come in `extra`. */
const merchant = (extra: Record<string, unknown> = {}) => ({
  codEser: `00088${String(++seq).padStart(2, '0')}`, codAbi: '30480', cab: '01600', ds: 'Pasticceria di Prova', tipoSoggettoEser: '2', pivaEser: '01234560124', ...extra,
});

beforeAll(async () => {
  app = await createTestApp();
  as = { assistenza: app.request };
  for (const user of ['sede.30480', 'filiale.30480', 'sede.60855']) as[user] = await app.loginAs(user);
  for (const user of ['merchant.0001234', 'operatore.0001234']) as[user] = await app.loginAs(user, 'merchant');
});
afterAll(() => app.close());

describe('merchant search (seed 001 §2, §7 Merchant find)', () => {
  it('refuses a search with no field, or with only the name or the type, with the seed message', async () => {
    for (const query of ['', '?ds=bar', '?tipo=FI&sort=codEser,asc']) {
      const res = await as['sede.30480'].get(`${API}/esercenti${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid({ field: 'codAbi', message: SEARCH_NEEDS_A_FIELD }));
    }
    const exported = await as['sede.30480'].post(`${API}/esercenti/esportazioni?formato=csv`);
    expect(exported.status).toBe(400);
    expect(exported.body.details).toEqual([{ field: 'codAbi', message: SEARCH_NEEDS_A_FIELD }]);
  });

  it('finds by bank, VAT number, tax code, merchant code, with the name (wildcard) and the type narrowing, 40 a page', async () => {
    const bank = await as['sede.30480'].get(`${API}/esercenti?codAbi=30480&sort=codEser,asc`);
    expect(bank.status).toBe(200);
    // 0008001 and 0008002: the restaurants of the sector comparison (spec/demo/45-esercenti-settore.yaml).
    expect(codes(bank, 'codEser')).toEqual(['0001234', '0002345', '0004567', '0005678', '0008001', '0008002']);
    expect(bank.body.results[0]._labels).toEqual({ codAbi: '30480 - Banca di Credito Cooperativo di Esempio', comune: '015146 - Milano - MI' });
    expect(codes(await as['sede.30480'].get(`${API}/esercenti?codAbi=30480&ds=centrale`), 'ds')).toEqual(['Bar Centrale S.r.l.']);
    expect(codes(await as['sede.30480'].get(`${API}/esercenti?codAbi=30480&tipo=PW`), 'codEser')).toEqual(['0004567']);
    expect(codes(await as['sede.30480'].get(`${API}/esercenti?pIvaEser=09876540155`), 'codEser')).toEqual(['0002345']);
    expect(codes(await as['sede.30480'].get(`${API}/esercenti?codFiscaleEser=CLMSRA90M50A944J`), 'codEser')).toEqual(['0004567']);
    expect(codes(await as['sede.30480'].get(`${API}/esercenti?codEser=0001234`), 'ds')).toEqual(['Bar Centrale S.r.l.']);
    expect(app.artifacts.model.entities.find((e) => e.name === 'Esercente')?.api.pageSize).toBe(40);
  });

  it("a bank user finds only its banks' merchants, a branch user only its branch's; the merchant itself cannot search", async () => {
    expect(codes(await as['sede.30480'].get(`${API}/esercenti?codAbi=34256`), 'codEser')).toEqual([]);
    expect(codes(await as['sede.30480'].get(`${API}/esercenti?codEser=0003456`), 'codEser')).toEqual([]);
    expect(codes(await as.assistenza.get(`${API}/esercenti?codEser=0003456`), 'ds')).toEqual(['Hotel Dolomiti S.p.A.']);
    expect(codes(await as['filiale.30480'].get(`${API}/esercenti?codAbi=30480&sort=codEser,asc`), 'codEser')).toEqual(['0001234', '0004567', '0005678', '0008001']);
    expect((await as['filiale.30480'].get(`${API}/esercenti/0002345`)).status).toBe(404);
    expect((await as['merchant.0001234'].get(`${API}/esercenti?codEser=0001234`)).status).toBe(403);
  });
});

describe('merchant record (seed 001 §3)', () => {
  it('answers the merchant with its legal representative and its beneficial owners, numbered', async () => {
    const res = await as['sede.30480'].get(`${API}/esercenti/0001234`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ codEser: '0001234', ds: 'Bar Centrale S.r.l.', codPaese: '086', legaleRappresentante: { nome: 'Mario', cognome: 'Bianchi', codiceFiscale: 'BNCMRA80A01F205D' } });
    expect(res.body.titolari.map((t: { numeroTitolare: number; cognome: string }) => [t.numeroTitolare, t.cognome])).toEqual([[1, 'Bianchi'], [2, 'Rossi']]);
  });

  it('creates a merchant with country 086 by default, its legal representative and owners in one save; a branch user changes its phone', async () => {
    const body = merchant({
      legaleRappresentante: { nome: 'Sara', cognome: 'Colombo', codiceFiscale: 'CLMSRA90M50A944J', dataNascita: '1990-08-10', dataScadenza: shift(365) },
      titolari: [{ numeroTitolare: 1, nome: 'Sara', cognome: 'Colombo', codiceFiscale: 'CLMSRA90M50A944J' }],
    });
    const created = await as['filiale.30480'].post(`${API}/esercenti`).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ codPaese: '086', enable: true, tipo: 'FI', legaleRappresentante: { cognome: 'Colombo', codPaese: '086' } });
    const url = `${API}/esercenti/${body.codEser}`;
    const read = await as['filiale.30480'].get(url);
    const changed = await as['filiale.30480'].put(url).set('If-Match', read.headers.etag).send({ ...read.body, telefono: '02 1234567' });
    expect(changed.status).toBe(200);
    expect(changed.body.telefono).toBe('02 1234567');
    expect(changed.body.titolari).toHaveLength(1);
  });

  it('refuses a country code that is not 3 digits', async () => {
    const res = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ codPaese: '0860' }));
    expect(res.body).toEqual(invalid({ field: 'codPaese', message: 'Il codice paese è di 3 cifre' }));
  });

  it('replaces the beneficial owners as a list (add and remove)', async () => {
    const url = `${API}/esercenti/0002345/titolari`;
    const owners = [{ numeroTitolare: 1, nome: 'Luigi', cognome: 'Verdi', codiceFiscale: 'VRDLGU75C15F205O' }, { numeroTitolare: 2, nome: 'Marco', cognome: 'Rossi', codiceFiscale: 'RSSMRC65B12H501C' }];
    const replaced = await as['sede.30480'].put(url).set('If-Match', await etagOf(as['sede.30480'], url)).send(owners);
    expect(replaced.status).toBe(200);
    expect((await as['sede.30480'].get(url)).body.map((o: { cognome: string }) => o.cognome)).toEqual(['Verdi', 'Rossi']);
  });
});

describe('seed 001 §5 rules, with their messages', () => {
  it('tax subject type 2 clears the tax code, 3 and 4 clear the VAT number; each requires its own identifier', async () => {
    const vatOnly = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ codFiscaleEser: 'CLMSRA90M50A944J' }));
    expect(vatOnly.status).toBe(201);
    expect(vatOnly.body).toMatchObject({ pivaEser: '01234560124', codFiscaleEser: null });
    const taxCodeOnly = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ tipoSoggettoEser: '3', codFiscaleEser: 'CLMSRA90M50A944J' }));
    expect(taxCodeOnly.status).toBe(201);
    expect(taxCodeOnly.body).toMatchObject({ pivaEser: null, codFiscaleEser: 'CLMSRA90M50A944J' });
    const both = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ tipoSoggettoEser: '1' }));
    expect(both.body).toEqual(invalid({ field: 'codFiscaleEser', message: REQUIRED }));
    const none = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ pivaEser: undefined }));
    expect(none.body).toEqual(invalid({ field: 'pivaEser', message: REQUIRED }));
  });

  it('infers the tax subject type of a merchant saved without it from its identifiers (seed 001 §5)', async () => {
    const save = (ids: Record<string, unknown>) => as['sede.30480'].post(`${API}/esercenti`).send(merchant({ tipoSoggettoEser: undefined, pivaEser: undefined, ...ids }));
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ pivaEser: '01234560124' }, { tipoSoggettoEser: '2', pivaEser: '01234560124', codFiscaleEser: null }],
      [{ codFiscaleEser: 'CLMSRA90M50A944J' }, { tipoSoggettoEser: '3', pivaEser: null, codFiscaleEser: 'CLMSRA90M50A944J' }],
      [{ codFiscaleEser: '09876540155' }, { tipoSoggettoEser: '4', pivaEser: null, codFiscaleEser: '09876540155' }],
      [{ pivaEser: '01234560124', codFiscaleEser: 'CLMSRA90M50A944J' }, { tipoSoggettoEser: '1', pivaEser: '01234560124', codFiscaleEser: 'CLMSRA90M50A944J' }],
      [{ pivaEser: '01234560124', codFiscaleEser: '01234560124' }, { tipoSoggettoEser: '2', pivaEser: '01234560124', codFiscaleEser: null }],
    ];
    for (const [ids, stored] of cases) {
      const res = await save(ids);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(stored);
    }
    expect((await save({})).body).toEqual(invalid({ field: 'tipoSoggettoEser', message: REQUIRED }));
  });

  it('an existing merchant or store saved back without a subject type gets it inferred; a type given is kept', async () => {
    const url = `${API}/esercenti/0002345`;
    const read = await as['sede.30480'].get(url);
    const saved = await as['sede.30480'].put(url).set('If-Match', read.headers.etag).send({ ...read.body, tipoSoggettoEser: null, codFiscaleEser: 'CLMSRA90M50A944J' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ tipoSoggettoEser: '1', pivaEser: '09876540155', codFiscaleEser: 'CLMSRA90M50A944J' });
    const kept = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ tipoSoggettoEser: '1', codFiscaleEser: '01234560124' }));
    expect(kept.body).toMatchObject({ tipoSoggettoEser: '1', codFiscaleEser: '01234560124' });
    // Another bank's merchant, by assistance: the other tests list bank 30480's stores exactly.
    const store = await as.assistenza.post(`${API}/negozi`).send({ pdvid: '8803', codEser: '0003456', abi: '34256', cab: '01800', insegna: 'Hotel Dolomiti', codFiscale: 'CLMSRA90M50A944J', abcid: '7011' });
    expect(store.status).toBe(201);
    expect(store.body).toMatchObject({ tipoSoggetto: '3', pIva: null, codFiscale: 'CLMSRA90M50A944J' });
  });

  it('refuses a wrong VAT number, tax code, IBAN check letter and IBAN, e-mail and province, each on its field', async () => {
    const res = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({
      tipoSoggettoEser: '1', pivaEser: '01234560125', codFiscaleEser: 'BNCMRA80A01F205X', iban: 'IT56Y3048001600000000001234', email: 'bar@centrale', provincia: 'XX',
    }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const fields = Object.fromEntries(res.body.details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(fields).toEqual({
      pivaEser: 'Partita IVA non valida: 11 cifre con la cifra di controllo',
      codFiscaleEser: 'Codice fiscale non valido: 16 caratteri con il carattere di controllo, oppure 11 cifre',
      iban: 'BBAN non valido',
      email: 'Mail non valida.',
      provincia: 'Sigla di provincia inesistente: indicare la sigla di 2 lettere maiuscole (es. MI)',
    });
    const mod97 = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ iban: 'IT57X3048001600000000001234' }));
    expect(mod97.body).toEqual(invalid({ field: 'iban', message: "L'iban inserito non risulta essere valido" }));
  });

  it('refuses an e-mail with a question mark (seed 001 §5)', async () => {
    const res = await as['sede.30480'].post(`${API}/negozi`).send({ pdvid: '8801', codEser: '0001234', abi: '30480', cab: '01600', insegna: 'Bar Prova', tipoSoggetto: '2', pIva: '01234560124', abcid: '5812', email: 'bar?@centrale.example' });
    expect(res.body).toEqual(invalid({ field: 'email', message: 'Mail non valida.' }));
  });

  it("refuses a legal representative's birth or issue date after today and an expired document; today itself passes", async () => {
    const future = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({
      legaleRappresentante: { nome: 'A', cognome: 'B', codiceFiscale: 'BNCMRA80A01F205D', dataNascita: shift(1), dataRilascio: shift(2), dataScadenza: shift(-1) },
    }));
    expect(future.status).toBe(400);
    expect(future.body).toEqual(invalid(
      { field: 'dataNascita', message: 'La data di nascita non può essere successiva alla data odierna' },
      { field: 'dataRilascio', message: 'La data di rilascio del documento non può essere successiva alla data odierna' },
      { field: 'dataScadenza', message: 'Il documento è scaduto: indicare un documento in corso di validità' },
    ));
    const owner = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ titolari: [{ numeroTitolare: 1, nome: 'A', cognome: 'B', codiceFiscale: 'BNCMRA80A01F205D', dataNascita: shift(3) }] }));
    expect(owner.body).toEqual(invalid({ field: 'dataNascita', message: 'La data di nascita non può essere successiva alla data odierna' }));
    const onTheDay = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({
      legaleRappresentante: { nome: 'A', cognome: 'B', codiceFiscale: 'BNCMRA80A01F205D', dataRilascio: today, dataScadenza: today },
    }));
    expect(onTheDay.status).toBe(201);
  });
});

describe('a bank that takes no new merchants (seed 001 §6)', () => {
  const REFUSED = "Attenzione: per questa banca non e' possibile la creazione di nuovi esercenti.";

  it("refuses a new merchant at a bank with the central-initiative flag, with the seed's message, and stores nothing", async () => {
    const body = merchant({ codAbi: '60855', cab: '01600' });
    const res = await as['sede.60855'].post(`${API}/esercenti`).send(body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [{ field: 'codAbi', message: REFUSED }] });
    const byAssistance = await as.assistenza.post(`${API}/esercenti`).send(body);
    expect(byAssistance.body.details).toEqual([{ field: 'codAbi', message: REFUSED }]);
    expect((await as.assistenza.get(`${API}/esercenti/${body.codEser}`)).status).toBe(404);
  });

  it('a bank without the flag still creates; once the flag is off the first bank creates too', async () => {
    expect((await as['sede.30480'].post(`${API}/esercenti`).send(merchant())).status).toBe(201);
    const url = `${API}/banche/60855`;
    const bank = await as.assistenza.get(url);
    expect(bank.body.flgIniziativaEnte).toBe(true);
    expect((await as.assistenza.put(url).set('If-Match', bank.headers.etag).send({ ...bank.body, flgIniziativaEnte: false })).status).toBe(200);
    const created = await as['sede.60855'].post(`${API}/esercenti`).send(merchant({ codAbi: '60855', cab: '01600' }));
    expect(created.status).toBe(201);
  });
});

describe('who sees which merchants, stores and terminals (seed 001 §6)', () => {
  const list = async (user: string, path: string, key: string) => {
    const res = await as[user].get(`${API}/${path}?size=100&sort=${key},asc`);
    expect(res.status, `${user} ${path}`).toBe(200);
    return codes(res, key);
  };

  it('the head office sees its bank; the branch user only its branch (cab 01600)', async () => {
    expect(await list('sede.30480', 'negozi', 'pdvid')).toEqual(['1001', '1002', '1003', '2001', '4001', ...LOMBARDI_STORES, '8001', '8002']);
    expect(await list('filiale.30480', 'negozi', 'pdvid')).toEqual(['1001', '1002', '4001', ...LOMBARDI_STORES, '8001']);
    expect((await as['filiale.30480'].get(`${API}/negozi/2001`)).status).toBe(404);
    // A terminal takes its branch through its store (scope `branch: { through: pdvid }`): the branch sees its stores' only.
    const branchTerminals = await list('filiale.30480', 'terminali', 'posid');
    expect(branchTerminals).toContain('30480001');
    expect(branchTerminals).not.toContain('30480101');
    expect(await list('sede.30480', 'terminali', 'posid')).toContain('30480101');
    expect(await list('sede.30480', 'terminali', 'posid')).not.toContain('34256001');
    // Its own bank's: one store of each merchant type (spec/demo/46-negozi-tipi.yaml).
    expect(await list('sede.60855', 'negozi', 'pdvid')).toEqual(['9007', '9008', '9009', '9010', '9011']);
  });

  it('the merchant reads only its own record, stores and terminals, and changes none', async () => {
    const me = as['merchant.0001234'];
    expect((await me.get(`${API}/esercenti/0001234`)).status).toBe(200);
    expect((await me.get(`${API}/esercenti/0002345`)).status).toBe(404);
    expect(await list('merchant.0001234', 'negozi', 'pdvid')).toEqual(['1001', '1002', '1003']);
    expect(await list('merchant.0001234', 'terminali', 'posid')).toEqual(['30480001', '30480002', '30480003', '30480004']);
    expect((await me.get(`${API}/negozi/2001`)).status).toBe(404);
    const read = await me.get(`${API}/negozi/1001`);
    expect((await me.put(`${API}/negozi/1001`).set('If-Match', read.headers.etag).send({ ...read.body, telefono: '000' })).status).toBe(403);
  });

  it('the operator sees only its assigned store and its terminals', async () => {
    expect(await list('operatore.0001234', 'negozi', 'pdvid')).toEqual(['1001']);
    expect(await list('operatore.0001234', 'terminali', 'posid')).toEqual(['30480001', '30480002']);
    expect((await as['operatore.0001234'].get(`${API}/negozi/1002`)).status).toBe(404);
    expect((await as['operatore.0001234'].get(`${API}/terminali/30480003`)).status).toBe(404);
  });

  it("a bank user cannot create a merchant, store or terminal of another bank (403), nor read one (404)", async () => {
    const other = await as['sede.30480'].post(`${API}/esercenti`).send(merchant({ codAbi: '34256', cab: '01800' }));
    expect(other.status).toBe(403);
    expect((await as['sede.30480'].get(`${API}/terminali/34256001`)).status).toBe(404);
    const store = await as['sede.30480'].post(`${API}/negozi`).send({ pdvid: '8802', codEser: '0003456', abi: '34256', cab: '01800', insegna: 'Hotel Altrui', tipoSoggetto: '2', pIva: '04567890159', abcid: '7011' });
    expect(store.status).toBe(403);
  });
});

// The record's related lists (docs/spec-language.md#related-lists): a merchant's stores, ten a page, and a
// store's terminals, each in the caller's scope on both levels.
describe('GET esercenti/{codEser}/negozi and negozi/{pdvid}/terminali', () => {
  it('lists the stores of the merchant for its bank, and only the operator\'s store for the operator', async () => {
    const bank = await as['sede.30480'].get(`${API}/esercenti/0001234/negozi?sort=pdvid`);
    expect(bank.status).toBe(200);
    expect(codes(bank, 'pdvid')).toEqual(['1001', '1002', '1003']);
    expect(codes(await as['operatore.0001234'].get(`${API}/esercenti/0001234/negozi?sort=pdvid`), 'pdvid')).toEqual(['1001']);
    expect(codes(await as['filiale.30480'].get(`${API}/esercenti/0001234/negozi?sort=pdvid`), 'pdvid')).toEqual(['1001', '1002']);
  });

  it('answers 404 for a merchant outside the caller\'s scope: another bank\'s, or another merchant\'s for a merchant', async () => {
    expect((await as['sede.30480'].get(`${API}/esercenti/0003456/negozi`)).status).toBe(404);
    expect((await as['merchant.0001234'].get(`${API}/esercenti/0002345/negozi`)).status).toBe(404);
  });

  it('lists the terminals of a store', async () => {
    const res = await as['merchant.0001234'].get(`${API}/negozi/1001/terminali?sort=posid`);
    expect(res.status).toBe(200);
    expect(codes(res, 'posid')).toEqual(['30480001', '30480002']);
    expect((await as['operatore.0001234'].get(`${API}/negozi/1002/terminali`)).status).toBe(404);
  });
});
