/**
 * Contracts by company (seed 002 §2 /ricerca/ricercaContrattiCompagnie RIC_CONTR_COMP, §3, §4 "Contract
 * convention status (statoConv)", §5, §6, §8, §9) through the API as each persona sees it: the search needs a
 * company and pages 10/20/50; every §4 transition runs from its own states and is refused from every other with
 * the state answer; notes only in 00; a contract added by terminal id copies its store's sign, address and VAT
 * number; bank, branch and assistance scope; a merchant gets 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
let assistenza: Agent;
let sede: Agent; // sede.30480: RIC_CONTR_COMP view, create, update on bank 30480
let filiale: Agent; // filiale.30480: view only, branch 01600
let sede60855: Agent; // another bank's head office: none of 30480's rows
let merchant: Agent;

const ARCHIVED = 'Variazione archiviata';
const error = (code: string, errorMessage: string, details: { field: string; message: string }[] = []) => ({ code, errorMessage, details });
const FORBIDDEN = error('FORBIDDEN', 'Operazione non consentita');
const INVALID = error('INVALID_TRANSITION', 'Operazione non consentita nello stato attuale');
const NOT_FOUND = { code: 'NOT_FOUND' };
const today = () => new Date().toISOString().slice(0, 10);
type Body = Record<string, unknown>;
const ids = (rows: Body[]) => rows.map((r) => r.id);

let seq = 0;
/** A contract of bank 30480 (branch 01600) inserted in `stato`, as the company's feed would leave it. */
async function contract(stato: string, extra: Body = {}): Promise<string> {
  const id = `test-ctr-${++seq}`;
  await app.db('contratto_compagnia').insert({ id, cod_abi: '30480', termid: '30480001', cod_compagnie: '20', data_stampa_contratto: '2026-11-02', stato_conv: stato, origine: 'W', cab: '01600', ...extra });
  return id;
}
const row = async (id: string) => app.db('contratto_compagnia').where({ id }).first();
/** Bank 34256's demo contract, which no call of bank 30480's users may change. */
const contrattoAltrui = async () => expect(await row('ctr-34256-01')).toMatchObject({ stato_conv: '02', id_doc_err: null, id_doc_spedizione_compagnia: null });
const run = (agent: Agent, id: string, transition: string, body: Body = {}) => agent.post(`${API}/contrattiCompagnie/${id}/${transition}`).send(body);

beforeAll(async () => {
  app = await createTestApp();
  assistenza = app.request;
  sede = await app.loginAs('sede.30480');
  filiale = await app.loginAs('filiale.30480');
  sede60855 = await app.loginAs('sede.60855');
  merchant = await app.loginAs('merchant.0001234', 'merchant');
}, 120_000);
afterAll(() => app.close());

describe('search (GET contrattiCompagnie)', () => {
  it('needs a company (seed 002 §5)', async () => {
    const res = await sede.get(`${API}/contrattiCompagnie`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'codCompagnie', message: 'Selezionare la compagnia per effettuare la ricerca dei contratti.' }] });
  });

  it("a bank user sees its bank's contracts of the company, newest print first, 10 a page, with the store's data", async () => {
    const res = await sede.get(`${API}/contrattiCompagnie?codCompagnie=20`);
    expect(res.status).toBe(200);
    expect(ids(res.body.results)).toEqual(['ctr-30480-10', 'ctr-30480-06', 'ctr-30480-05', 'ctr-30480-04', 'ctr-30480-03', 'ctr-30480-02', 'ctr-30480-01']);
    const first = res.body.results.find((r: Body) => r.id === 'ctr-30480-01');
    expect(first).toMatchObject({ termid: '30480001', statoConv: '01', insegnaPdv: 'Bar Centrale', indirizzoPdv: 'Via Roma 5, 20121 Milano (MI)', descEserc: 'Bar Centrale S.r.l.', partitaIvaEserc: '01234560124', cab: '01600', origine: 'W' });
    expect(first._labels).toMatchObject({ codCompagnie: 'Visa Europe' });
  });

  it('pages by 10, 20 or 50 (seed 002 §9) and refuses more than 50', async () => {
    const page = await sede.get(`${API}/contrattiCompagnie?codCompagnie=20&size=5`);
    expect(page.body.results).toHaveLength(5);
    expect(page.body.totalCount).toBe(7);
    expect((await sede.get(`${API}/contrattiCompagnie?codCompagnie=20&size=50`)).status).toBe(200);
    expect((await sede.get(`${API}/contrattiCompagnie?codCompagnie=20&size=51`)).status).toBe(400);
  });

  it('filters by status, electronic status and terminal id', async () => {
    expect(ids((await sede.get(`${API}/contrattiCompagnie?codCompagnie=20&statoConv=00`)).body.results)).toEqual(['ctr-30480-04']);
    expect(ids((await sede.get(`${API}/contrattiCompagnie?codCompagnie=21&statoConvElettronico=06`)).body.results)).toEqual(['ctr-30480-09']);
    expect(ids((await sede.get(`${API}/contrattiCompagnie?codCompagnie=F1C&termid=30480401`)).body.results)).toEqual(['ctr-30480-07']);
    expect((await sede.get(`${API}/contrattiCompagnie?codCompagnie=20&statoConv=08`)).status).toBe(400);
  });

  it('scope: assistance sees every bank, a branch user its cab, another bank none of 30480, a merchant 403', async () => {
    expect(ids((await assistenza.get(`${API}/contrattiCompagnie?codCompagnie=20&size=50`)).body.results)).toContain('ctr-34256-01');
    expect(ids((await sede.get(`${API}/contrattiCompagnie?codCompagnie=20&size=50`)).body.results)).not.toContain('ctr-34256-01');
    const branch = await filiale.get(`${API}/contrattiCompagnie?codCompagnie=20&size=50`);
    expect(branch.status).toBe(200);
    // ctr-30480-04 is of terminal 30480101, whose store is at branch 01601.
    expect(ids(branch.body.results)).toEqual(['ctr-30480-10', 'ctr-30480-06', 'ctr-30480-05', 'ctr-30480-03', 'ctr-30480-02', 'ctr-30480-01']);
    expect((await filiale.get(`${API}/contrattiCompagnie/ctr-30480-04`)).status).toBe(404);
    expect((await sede60855.get(`${API}/contrattiCompagnie?codCompagnie=20`)).body.results).toEqual([]);
    expect((await sede60855.get(`${API}/contrattiCompagnie/ctr-30480-01`)).status).toBe(404);
    const m = await merchant.get(`${API}/contrattiCompagnie?codCompagnie=20`);
    expect(m.status).toBe(403);
    expect((await merchant.get(`${API}/contrattiCompagnie/ctr-30480-01`)).status).toBe(403);
  });
});

/** Seed 002 §4 "Transitions by menu", exactly: name, from, to (and what it needs). */
const TRANSITIONS: { name: string; from: string; to: string; extra?: Body; body?: Body }[] = [
  { name: 'segnaRicevuto', from: '01', to: '02' },
  { name: 'annullaRicezione', from: '02', to: '01' },
  { name: 'spedisciCompagnia', from: '02', to: '03' },
  { name: 'spedisciCompagniaDaSegnalazione', from: '06', to: '03' },
  { name: 'segnaErrore', from: '02', to: '00' },
  { name: 'ripristina', from: '00', to: '02' },
  { name: 'annullaSpedizione', from: '03', to: '02', extra: { stato_precedente: '02' } },
  { name: 'ripristinaSegnalazione', from: '03', to: '06', extra: { stato_precedente: '06' } },
  { name: 'declina', from: '06', to: '07' },
  { name: 'scarta', from: '07', to: '07', extra: { esito_compagnia: 'DEC' } },
  { name: 'registraConvenzione', from: '04', to: '05', extra: { cod_compagnie: 'F1C' } },
  { name: 'salvaNota', from: '00', to: '00', body: { tipo: 'T', testo: 'Contratto senza timbro' } },
  { name: 'eliminaNota', from: '00', to: '00', body: { tipo: 'T' } },
];
const STATES = ['00', '01', '02', '03', '04', '05', '06', '07'];

describe('statoConv transitions (seed 002 §4)', () => {
  it.each(TRANSITIONS)('$name: $from -> $to, answered "Variazione archiviata" or its note message', async ({ name, from, to, extra, body }) => {
    const id = await contract(from, extra);
    const res = await run(sede, id, name, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(name === 'salvaNota' ? 'Nota salvata con successo' : name === 'eliminaNota' ? 'Nota eliminata con successo' : ARCHIVED);
    expect(res.body.row.statoConv).toBe(to);
    expect((await row(id)).stato_conv).toBe(to);
  });

  it.each(TRANSITIONS)('$name is refused from every other state with 409', async ({ name, from, extra, body }) => {
    for (const state of STATES.filter((s) => s !== from)) {
      const id = await contract(state, extra);
      const res = await run(sede, id, name, body);
      expect(res.status, `${name} from ${state}`).toBe(409);
      expect(res.body).toMatchObject(INVALID);
      expect((await row(id)).stato_conv).toBe(state);
    }
  });

  it('each move records its date; back moves clear it', async () => {
    const id = await contract('01');
    await run(sede, id, 'segnaRicevuto');
    expect((await sede.get(`${API}/contrattiCompagnie/${id}`)).body).toMatchObject({ statoConv: '02', dataRicezioneSinergia: today() });
    await run(sede, id, 'spedisciCompagnia');
    expect((await sede.get(`${API}/contrattiCompagnie/${id}`)).body).toMatchObject({ statoConv: '03', statoPrecedente: '02', dataSpedizioneCompagnia: today() });
    await run(sede, id, 'annullaSpedizione');
    expect((await sede.get(`${API}/contrattiCompagnie/${id}`)).body).toMatchObject({ statoConv: '02', statoPrecedente: null, dataSpedizioneCompagnia: null });
    await run(sede, id, 'segnaErrore');
    expect((await sede.get(`${API}/contrattiCompagnie/${id}`)).body).toMatchObject({ statoConv: '00', dataErr: today() });
  });

  it('03 goes back to where it was shipped from: only that way is offered, the other is 403', async () => {
    const id = await contract('06');
    await run(sede, id, 'spedisciCompagniaDaSegnalazione');
    const got = await sede.get(`${API}/contrattiCompagnie/${id}`);
    expect(got.body._actions).toEqual(['ripristinaSegnalazione']);
    expect((await run(sede, id, 'annullaSpedizione')).body).toMatchObject(FORBIDDEN);
    expect((await run(sede, id, 'ripristinaSegnalazione')).body.row.statoConv).toBe('06');
  });

  it('06 declined sets DEC; a declined contract is marked scartato once', async () => {
    const id = await contract('06');
    expect((await run(sede, id, 'declina')).body.row).toMatchObject({ statoConv: '07', esitoCompagnia: 'DEC' });
    expect((await sede.get(`${API}/contrattiCompagnie/${id}`)).body._actions).toEqual(['scarta']);
    expect((await run(sede, id, 'scarta')).body.row).toMatchObject({ statoConv: '07', esitoCompagnia: 'SCA', dataScartato: today() });
    expect((await sede.get(`${API}/contrattiCompagnie/${id}`)).body._actions).toEqual([]);
    expect((await run(sede, id, 'scarta')).body).toMatchObject(FORBIDDEN);
  });

  it('04 -> 05 only for company F1C', async () => {
    const other = await contract('04');
    expect((await sede.get(`${API}/contrattiCompagnie/${other}`)).body._actions).toEqual([]);
    const res = await run(sede, other, 'registraConvenzione');
    expect(res.status).toBe(403);
    expect((await row(other)).stato_conv).toBe('04');
    const f1c = await contract('04', { cod_compagnie: 'F1C' });
    expect((await run(sede, f1c, 'registraConvenzione')).body.row).toMatchObject({ statoConv: '05', dataConvCompagnia: today() });
    // 05 is final: no action menu.
    expect((await sede.get(`${API}/contrattiCompagnie/${f1c}`)).body._actions).toEqual([]);
  });

  it('electronic 06 goes to declined', async () => {
    const id = await contract('01', { stato_conv_elettronico: '06' });
    expect((await sede.get(`${API}/contrattiCompagnie/${id}`)).body._actions).toEqual(['segnaRicevuto', 'declinaElettronico']);
    const res = await run(sede, id, 'declinaElettronico');
    expect(res.body).toMatchObject({ message: ARCHIVED, row: { statoConv: '01', statoConvElettronico: '07' } });
    expect((await run(sede, id, 'declinaElettronico')).body).toMatchObject(INVALID);
    const none = await contract('01');
    expect((await run(sede, none, 'declinaElettronico')).body).toMatchObject(INVALID);
  });

  it('a branch user reads but moves nothing; another bank and a merchant cannot reach the row', async () => {
    const id = await contract('01');
    expect((await filiale.get(`${API}/contrattiCompagnie/${id}`)).body._actions).toEqual([]);
    expect((await run(filiale, id, 'segnaRicevuto')).body).toMatchObject(FORBIDDEN);
    expect((await run(sede60855, id, 'segnaRicevuto')).status).toBe(404);
    expect((await run(merchant, id, 'segnaRicevuto')).status).toBe(403);
    expect((await row(id)).stato_conv).toBe('01');
    const other = await app.db('contratto_compagnia').where({ id: 'ctr-34256-01' }).first();
    expect((await run(sede, other.id, 'segnaRicevuto')).body).toMatchObject(NOT_FOUND);
  });

  it('a plain update cannot move the state (no update operation at all)', async () => {
    const res = await sede.put(`${API}/contrattiCompagnie/ctr-30480-01`).set('If-Match', '*').send({ statoConv: '05' });
    expect([404, 405]).toContain(res.status);
    expect((await row('ctr-30480-01')).stato_conv).toBe('01');
  });
});

describe('notes (seed 002 §4 "Notes are available in status 00", §7 type T or S, §8)', () => {
  it('saves and deletes the note of each type in 00', async () => {
    const id = await contract('00');
    expect((await sede.get(`${API}/contrattiCompagnie/${id}`)).body._actions).toEqual(['ripristina', 'salvaNota', 'eliminaNota']);
    let res = await run(sede, id, 'salvaNota', { tipo: 'T', testo: 'Manca il timbro della banca' });
    expect(res.body).toMatchObject({ message: 'Nota salvata con successo', row: { nota: 'Manca il timbro della banca', notaScarto: null } });
    res = await run(sede, id, 'salvaNota', { tipo: 'S', testo: 'Scartato per IBAN errato' });
    expect(res.body.row).toMatchObject({ nota: 'Manca il timbro della banca', notaScarto: 'Scartato per IBAN errato' });
    res = await run(sede, id, 'eliminaNota', { tipo: 'T' });
    expect(res.body).toMatchObject({ message: 'Nota eliminata con successo', row: { nota: null, notaScarto: 'Scartato per IBAN errato' } });
  });

  it('refuses a note without text, of an unknown type or too long', async () => {
    const id = await contract('00');
    let res = await run(sede, id, 'salvaNota', { tipo: 'T' });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ field: 'testo', message: 'Inserire il testo della nota' });
    res = await run(sede, id, 'salvaNota', { tipo: 'X', testo: 'x' });
    expect(res.status).toBe(400);
    res = await run(sede, id, 'salvaNota', { tipo: 'T', testo: 'x'.repeat(501) });
    expect(res.body.details).toContainEqual({ field: 'testo', message: 'La nota può contenere al massimo 500 caratteri' });
    expect((await row(id)).nota).toBeNull();
  });

  it('outside 00 a note is refused and nothing is stored', async () => {
    for (const state of ['01', '02', '03', '06', '07']) {
      const id = await contract(state);
      const res = await run(sede, id, 'salvaNota', { tipo: 'T', testo: 'Nota' });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject(INVALID);
      expect((await row(id)).nota).toBeNull();
    }
  });
});

describe('add contract (POST contrattiCompagnie, seed 002 §5 "Contract insert")', () => {
  const body = (extra: Body = {}) => ({ codAbi: '30480', termid: '30480003', codCompagnie: 'F1C', dataStampaContratto: '2026-11-20', ...extra });

  it('starts printed (01), manual, with the store data of its terminal', async () => {
    const res = await sede.post(`${API}/contrattiCompagnie`).send(body());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ termid: '30480003', codCompagnie: 'F1C', statoConv: '01', origine: 'M', insegnaPdv: 'Bar Centrale Stazione', descEserc: 'Bar Centrale S.r.l.', partitaIvaEserc: '01234560124', cab: '01600' });
    expect(res.body.indirizzoPdv).toMatch(/^Piazza Duca d'Aosta 1, 20124 Milano/);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('company, terminal id and print date are required', async () => {
    const res = await sede.post(`${API}/contrattiCompagnie`).send({ codAbi: '30480' });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: Body) => d.field).sort()).toEqual(['codCompagnie', 'dataStampaContratto', 'termid']);
  });

  it('a terminal id is 8 characters, of a terminal of the bank', async () => {
    let res = await sede.post(`${API}/contrattiCompagnie`).send(body({ termid: '3048000' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'termid', message: 'Il terminal id è di 8 caratteri' }]);
    res = await sede.post(`${API}/contrattiCompagnie`).send(body({ termid: '34256001' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'termid', message: 'Terminale inesistente per la banca indicata' }]);
    res = await sede.post(`${API}/contrattiCompagnie`).send(body({ termid: '99999999' }));
    expect(res.body.details).toEqual([{ field: 'termid', message: 'Terminale inesistente per la banca indicata' }]);
  });

  it("refuses another bank's contract, server-set fields, a later state and the branch user", async () => {
    expect((await sede.post(`${API}/contrattiCompagnie`).send(body({ codAbi: '34256', termid: '34256001' }))).body).toMatchObject(FORBIDDEN);
    const set = await sede.post(`${API}/contrattiCompagnie`).send(body({ origine: 'W', insegnaPdv: 'Altro' }));
    expect(set.status).toBe(400);
    expect(set.body.details).toEqual(expect.arrayContaining([{ field: 'origine', message: 'Campo non previsto' }]));
    // 05 only as registraConvenzione would take it there: for F1C, by a holder of RIC_CONTR_COMP:AGGIORNAMENTO.
    expect((await sede.post(`${API}/contrattiCompagnie`).send(body({ codCompagnie: '20', statoConv: '05' }))).status).toBe(403);
    expect((await filiale.post(`${API}/contrattiCompagnie`).send(body())).status).toBe(403);
    expect((await merchant.post(`${API}/contrattiCompagnie`).send(body())).status).toBe(403);
  });
});

describe('reminder export (GET sollecitoContratti, seed 002 §5 "Reminder export")', () => {
  it("the caller's contracts of the company in shipment with a shipping document, as an Italian CSV", async () => {
    const res = await sede.get(`${API}/sollecitoContratti?codCompagnie=20`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="Sollecito_contratti_20_\d{2}-\d{2}-\d{4}\.csv"/);
    // The demo row entered 03 as spedisciCompagnia takes it there: shipped the day the demo was loaded.
    expect(res.text.split('\r\n')).toEqual([
      'Terminal id;Compagnia;Banca;Insegna;Esercente;Partita IVA;Data stampa;Data spedizione;Documento di spedizione',
      expect.stringMatching(/^30480003;20;30480;Bar Centrale Stazione;Bar Centrale S\.r\.l\.;01234560124;07\/10\/2026;\d{2}\/\d{2}\/\d{4};SPED-2026-0107$/),
      '',
    ]);
  });

  it("none waiting: 404 with 'Nessun contratto in attesa di sollecito.'; another bank's user gets none of 30480's", async () => {
    const none = await sede.get(`${API}/sollecitoContratti?codCompagnie=F1C`);
    expect(none.status).toBe(404);
    expect(none.body.details).toEqual([{ field: 'codCompagnie', message: 'Nessun contratto in attesa di sollecito.' }]);
    expect((await sede60855.get(`${API}/sollecitoContratti?codCompagnie=20`)).body.details).toEqual([{ field: 'codCompagnie', message: 'Nessun contratto in attesa di sollecito.' }]);
    const missing = await sede.get(`${API}/sollecitoContratti`);
    expect(missing.status).toBe(400);
    expect((await merchant.get(`${API}/sollecitoContratti?codCompagnie=20`)).status).toBe(403);
  });
});

/** A multipart body with part `file`, as a browser sends it. */
function multipart(name: string, bytes: Buffer, type = 'text/plain'): { contentType: string; body: Buffer } {
  const boundary = `----webposTest${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

describe('upload of rejects (scartiCompagnie, seed 002 §5 "Upload of rejects", §9 250000 bytes)', () => {
  const COMPANY_REQUIRED = 'Selezionare la compagnia per la quale si vuole caricare un file di scarti.';
  async function upload(agent: Agent, id: string, name: string, bytes: Buffer) {
    const etag = (await agent.get(`${API}/scartiCompagnie/${id}`)).get('ETag') ?? '*';
    const { contentType, body } = multipart(name, bytes);
    return agent.put(`${API}/scartiCompagnie/${id}/file`).set('If-Match', etag).set('Content-Type', contentType).send(body);
  }

  it('a company must be chosen, and not F1C', async () => {
    let res = await sede.post(`${API}/scartiCompagnie`).send({});
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'codCompagnia', message: COMPANY_REQUIRED }]);
    res = await sede.post(`${API}/scartiCompagnie`).send({ codCompagnia: 'ZZ' });
    expect(res.body.details).toEqual([{ field: 'codCompagnia', message: COMPANY_REQUIRED }]);
    res = await sede.post(`${API}/scartiCompagnie`).send({ codCompagnia: 'F1C' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'codCompagnia', message: "Impossibile effettuare l'upload per la compagnia F1C" }]);
  });

  it('a file of at most 250000 bytes with a clean name is stored; one byte more or a bad name is refused', async () => {
    const created = await sede.post(`${API}/scartiCompagnie`).send({ codCompagnia: '20' });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const big = await upload(sede, id, 'scarti_20.txt', Buffer.alloc(250001, 'a'));
    expect(big.status).toBe(400);
    expect(big.body.details).toEqual([{ field: 'file', message: "La dimensione del file selezionato e' troppo grande: la dimensione massima e' di 250kb" }]);
    const badName = await upload(sede, id, 'scarti;20.txt', Buffer.from('30480003;IBAN errato\n'));
    expect(badName.body.details).toEqual([{ field: 'file', message: 'Il nome del file contiene caratteri non consentiti' }]);
    const ok = await upload(sede, id, 'scarti_20.txt', Buffer.alloc(250000, 'a'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.file).toEqual(expect.any(String));
    // Nor can a loaded file be moved to F1C afterwards.
    const etag = (await sede.get(`${API}/scartiCompagnie/${id}`)).get('ETag') ?? '*';
    const moved = await sede.put(`${API}/scartiCompagnie/${id}`).set('If-Match', etag).send({ codCompagnia: 'F1C' });
    expect(moved.status).toBe(400);
    expect(moved.body.details).toEqual([{ field: 'codCompagnia', message: "Impossibile effettuare l'upload per la compagnia F1C" }]);
  });

  it('a branch user (view only) and a merchant may not upload', async () => {
    expect((await filiale.post(`${API}/scartiCompagnie`).send({ codCompagnia: '20' })).status).toBe(403);
    expect((await merchant.post(`${API}/scartiCompagnie`).send({ codCompagnia: '20' })).status).toBe(403);
  });
});

describe('cover sheet (testapacco, seed 002 §5 "Cover sheet print", §7, §8)', () => {
  const print = (agent: Agent, contratti: string) => agent.post(`${API}/testapacchi/stampa`).send({ contratti });
  const refusal = (message: string) => [{ field: 'contratti', message }];

  it("at least one contract: 'Nessun contratto selezionato per il Testapacco.'", async () => {
    for (const contratti of ['', ' , ']) {
      const res = await print(sede, contratti);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual(refusal('Nessun contratto selezionato per il Testapacco.'));
    }
  });

  it('an error sheet of 00 contracts: recorded in the history, each contract marks it, reprinted by its id', async () => {
    const a = await contract('00', { termid: '30480002' });
    const b = await contract('00', { termid: '30480003' });
    const res = await print(sede, `${a},${b}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="Testapacco_[0-9a-f]{8}_\d{2}-\d{2}-\d{4}\.txt"/);
    expect(res.text).toContain('Tipo: Contratti in errore');
    expect(res.text).toContain('Banca: 30480');
    expect(res.text).toContain('Numero contratti: 2');
    expect(res.text).toContain('Terminal id;Compagnia;Banca;');
    const sheetId = String((await row(a)).id_doc_err);
    expect((await row(b)).id_doc_err).toBe(sheetId);
    expect(res.text).toContain(`Testapacco ${sheetId}`);
    const history = await sede.get(`${API}/testapacchi?tipo=E`);
    expect(history.body.results).toContainEqual(expect.objectContaining({ id: sheetId, tipo: 'E', codAbi: '30480', numContratti: 2, creatoDa: 'sede.30480' }));
    const reprint = await sede.get(`${API}/testapacchi/${sheetId}/stampa`);
    expect(reprint.status).toBe(200);
    expect(reprint.text.split('\r\n').slice(0, 6)).toEqual(res.text.split('\r\n').slice(0, 6));
    // Another bank neither finds it in its history nor reprints it.
    expect((await sede60855.get(`${API}/testapacchi/${sheetId}/stampa`)).status).toBe(404);
    expect(ids((await sede60855.get(`${API}/testapacchi`)).body.results)).not.toContain(sheetId);
    // Once on an error sheet, a contract is not put on another: 'Errore presente per il testapacco.'
    const again = await print(sede, a);
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual(refusal('Errore presente per il testapacco.'));
  });

  it('a shipping sheet of 03 contracts marks their shipping document; the reminder export then lists them', async () => {
    const a = await contract('03', { termid: '30480002', cod_compagnie: 'F1C' });
    const res = await print(sede, a);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Tipo: Spedizione alla compagnia');
    const doc = String((await row(a)).id_doc_spedizione_compagnia);
    expect(doc).toMatch(/^[0-9a-f-]{36}$/);
    const reminder = await sede.get(`${API}/sollecitoContratti?codCompagnie=F1C`);
    expect(reminder.status).toBe(200);
    expect(reminder.text).toContain(`;${doc}`);
  });

  it('only 00 or 03, not mixed; an error sheet of one bank; outside the scope 404; view-only users 403', async () => {
    const printed = await contract('01');
    expect((await print(sede, printed)).body.details).toEqual(refusal('Il testapacco si stampa per contratti tutti in errore o tutti in spedizione alla compagnia'));
    const error = await contract('00');
    const shipped = await contract('03');
    expect((await print(sede, `${error},${shipped}`)).status).toBe(409);
    const other = await contract('00', { cod_abi: '34256', termid: '34256001', cab: '01800' });
    // sede.30480 does not see 34256's contract at all (as a missing one); assistance sees both and is told the rule.
    const outside = await print(sede, `${error},${other}`);
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual({ code: 'NOT_FOUND', errorMessage: 'Elemento non trovato', details: refusal('Contratto non trovato tra quelli consultabili') });
    expect((await print(sede, 'nessuno')).body).toEqual(outside.body);
    await contrattoAltrui();
    const mixed = await print(assistenza, `${error},${other}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.details).toEqual(refusal('Selezionare terminali della stessa Banca per poter creare il testapacco!'));
    expect((await row(error)).id_doc_err).toBeNull();
    expect((await print(filiale, error)).status).toBe(403);
    expect((await print(merchant, error)).status).toBe(403);
  });

  it("a reprint of a sheet whose contracts all left it: 'Testapacco vuoto.'", async () => {
    const a = await contract('03', { termid: '30480002' });
    await print(sede, a);
    const sheetId = String((await row(a)).id_doc_spedizione_compagnia);
    await app.db('contratto_compagnia').where({ id: a }).update({ id_doc_spedizione_compagnia: null });
    const res = await sede.get(`${API}/testapacchi/${sheetId}/stampa`);
    expect(res.status).toBe(404);
    expect(res.body.details).toEqual([{ field: 'id', message: 'Testapacco vuoto.' }]);
  });
});

describe('the card companies (GET compagnie, seed 002 §7)', () => {
  it('every signed-in user searches them by name; the list and the record are the contracts\' function\'s', async () => {
    const found = await merchant.get(`${API}/compagnie?format=compact&q=visa`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.results).toEqual([{ codCompagnia: '20', descCompagnia: 'Visa Europe' }]);
    expect((await merchant.get(`${API}/compagnie`)).status).toBe(403);
    expect((await merchant.get(`${API}/compagnie/20`)).status).toBe(403);
    const listed = await sede.get(`${API}/compagnie?size=50`);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((r: Body) => r.codCompagnia)).toEqual(expect.arrayContaining(['10', '20', '90', 'F1C']));
    expect((await sede.get(`${API}/compagnie/F1C`)).body).toMatchObject({ codCompagnia: 'F1C' });
    expect((await app.anonymous.get(`${API}/compagnie?format=compact&q=visa`)).status).toBe(401);
  });

  it('offers no create, update or delete', async () => {
    expect((await assistenza.post(`${API}/compagnie`).send({ codCompagnia: '99', descCompagnia: 'Nuova' })).status).toBe(404);
    expect((await assistenza.delete(`${API}/compagnie/20`)).status).toBe(404);
  });
});
