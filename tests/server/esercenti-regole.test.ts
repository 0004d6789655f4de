/**
 * Seed 001 §6 rules of the merchant registry that depend on who saves (spec/esercenti/): the push bank's stores
 * (bank 99999) are saved by push users only; the company name is changed only by users whose bank group is in the
 * position's bank list; (§5) a store's merchant category is required; (§2, §7) the merchant search's "e-commerce
 * only" filter. On SQLite here, on PostgreSQL with tests/run-postgres-suite.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const PUSH_ONLY = 'Attenzione: i negozi della banca push possono essere salvati solo dagli utenti push.';
const CATEGORY_REQUIRED = 'Indicare la categoria merceologica del negozio';
const NAME_LOCKED = 'Attenzione: la ragione sociale può essere modificata solo dagli utenti delle banche della posizione.';
const ENABLE_ASSISTANCE_ONLY = "Attenzione: un esercente disabilitato può essere riabilitato solo dall'assistenza.";

let app: TestApp;
let as: Record<string, TestApp['request']>;

/** A GET body as a PUT body: without what the server adds (names, actions). */
const asBody = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => !k.startsWith('_')));

/** A store of Bar Centrale (0001234) at bank `abi`: the fields a store needs. */
const store = (pdvid: string, abi: string) => ({
  pdvid, codEser: '0001234', abi, cab: '01600', insegna: 'Bar Centrale Push', tipoSoggetto: '2', pIva: '01234560124', abcid: '5812',
});

beforeAll(async () => {
  app = await createTestApp();
  // The demo holds the push aggregate as bank 99999 (spec/demo/02-banche.yaml), with its merchant 0007001 and store
  // 7001; the push agent (group 99999, type P) holds the store grants (spec/demo/07-ruoli.yaml AGENTE_PUSH).
  as = { assistenza: app.request };
  for (const user of ['sede.30480', 'agente.push', 'federazione']) as[user] = await app.loginAs(user);
});
afterAll(() => app.close());

describe("the push bank's stores are saved by push users only (seed 001 §6, §9)", () => {
  it("the demo's push bank keeps its group of type P when saved; a new bank's group is of type B", async () => {
    const group = async () => (await as.assistenza.get(`${API}/gruppi/99999`)).body;
    expect(await group()).toMatchObject({ groupName: '99999', groupType: 'P', description: 'Aggregato push' });
    const bank = await as.assistenza.get(`${API}/banche/99999`);
    expect(bank.status).toBe(200);
    expect(bank.body.group).toMatchObject({ groupName: '99999', groupType: 'P' });
    const saved = await as.assistenza.put(`${API}/banche/99999`).set('If-Match', bank.headers.etag).send({ ...asBody(bank.body), regione: 'Piemonte' });
    expect(saved.status).toBe(200);
    expect(await group()).toMatchObject({ groupType: 'P', description: 'Aggregato push' });
    // The group type is the platform's to write: a body that asks for another one is refused, nothing changes.
    const fresh = await as.assistenza.get(`${API}/banche/99999`);
    const retyped = await as.assistenza.put(`${API}/banche/99999`).set('If-Match', fresh.headers.etag).send({ ...asBody(fresh.body), group: { ...fresh.body.group, groupType: 'B' } });
    expect(retyped.status).toBe(400);
    expect(retyped.body.details).toEqual([expect.objectContaining({ field: 'group.groupType' })]);
    expect(await group()).toMatchObject({ groupType: 'P' });

    const created = await as.assistenza.post(`${API}/banche`).send({ codAbi: '07601', nomeBcc: 'Banca Nuova di Prova', group: { description: 'Banca Nuova', parentGroup: '11000' } });
    expect(created.status).toBe(201);
    expect((await as.assistenza.get(`${API}/gruppi/07601`)).body).toMatchObject({ groupType: 'B' });
  });

  it("the push agent finds the push aggregate's merchant and saves its demo store; the bank of another store cannot", async () => {
    const found = await as['agente.push'].get(`${API}/esercenti?codAbi=99999`);
    expect(found.status).toBe(200);
    expect(found.body.results.map((r: { codEser: string }) => r.codEser)).toEqual(['0007001']);
    const own = await as['agente.push'].get(`${API}/negozi/7001`);
    expect(own.body._actions).toEqual(['update']);
    const saved = await as['agente.push'].put(`${API}/negozi/7001`).set('If-Match', own.headers.etag).send({ ...asBody(own.body), telefono: '02 5557099' });
    expect(saved.status).toBe(200);
    // The push agent's scope is the push aggregate: another bank's store is not there for it.
    expect((await as['agente.push'].get(`${API}/negozi/1001`)).status).toBe(404);
    const read = await as.assistenza.get(`${API}/negozi/7001`);
    expect(read.body._actions).toEqual([]);
  });

  it('a push user creates and changes a store of bank 99999; assistance reads it but may not save it', async () => {
    // Its merchant is the push aggregate's: a store is added to a merchant of the caller's scope only.
    const created = await as['agente.push'].post(`${API}/negozi`).send({ ...store('9901', '99999'), codEser: '0007001' });
    expect(created.status).toBe(201);

    const read = await as.assistenza.get(`${API}/negozi/9901`);
    expect(read.status).toBe(200);
    expect(read.body._actions).toEqual([]);
    const refused = await as.assistenza.put(`${API}/negozi/9901`).set('If-Match', read.headers.etag).send({ ...asBody(read.body), telefono: '02 1111111' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'abi', message: PUSH_ONLY }] });

    const own = await as['agente.push'].get(`${API}/negozi/9901`);
    expect(own.body._actions).toEqual(['update']);
    const changed = await as['agente.push'].put(`${API}/negozi/9901`).set('If-Match', own.headers.etag).send({ ...asBody(own.body), telefono: '02 2222222' });
    expect(changed.status).toBe(200);
    expect(changed.body.telefono).toBe('02 2222222');
  });

  it('nobody else creates a store at the push bank, nor moves one there', async () => {
    const created = await as.assistenza.post(`${API}/negozi`).send(store('9902', '99999'));
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'abi', message: PUSH_ONLY }] });
    expect((await as.assistenza.get(`${API}/negozi/9902`)).status).toBe(404);

    const read = await as.assistenza.get(`${API}/negozi/1002`);
    expect(read.body._actions).toEqual(['update']);
    const moved = await as.assistenza.put(`${API}/negozi/1002`).set('If-Match', read.headers.etag).send({ ...asBody(read.body), abi: '99999' });
    expect(moved.status).toBe(403);
    expect(moved.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'abi', message: PUSH_ONLY }] });
    expect((await as.assistenza.get(`${API}/negozi/1002`)).body.abi).toBe('30480');
  });

  it("a bank's own stores stay the bank's to save", async () => {
    const read = await as['sede.30480'].get(`${API}/negozi/1002`);
    expect(read.body._actions).toEqual(['update']);
    const saved = await as['sede.30480'].put(`${API}/negozi/1002`).set('If-Match', read.headers.etag).send({ ...asBody(read.body), telefono: '02 7654399' });
    expect(saved.status).toBe(200);
  });
});

describe("the company name is changed by users of the position's banks only (seed 001 §6)", () => {
  /** Reads the merchant as `user` and sends it back with `change`. */
  const save = async (user: string, codEser: string, change: Record<string, unknown>) => {
    const read = await as[user].get(`${API}/esercenti/${codEser}`);
    expect(read.status).toBe(200);
    return as[user].put(`${API}/esercenti/${codEser}`).set('If-Match', read.headers.etag).send({ ...asBody(read.body), ...change });
  };

  it("a bank's head office changes its own merchant's name: its group is the merchant's bank", async () => {
    const read = await as['sede.30480'].get(`${API}/esercenti/0002345`);
    expect(read.body._readOnly).toEqual([]);
    const saved = await save('sede.30480', '0002345', { ds: 'Ferramenta Verdi & Figli S.n.c.' });
    expect(saved.status).toBe(200);
    expect(saved.body.ds).toBe('Ferramenta Verdi & Figli S.n.c.');
  });

  it('the federation reads the name of a member bank\'s merchant as read-only, until a store of the position is at its bank', async () => {
    // Bank 08549 is a member of the federation's group 15000: the federation sees its merchants.
    const created = await as.assistenza.post(`${API}/esercenti`).send({ codEser: '0008901', codAbi: '08549', cab: '01800', ds: 'Trattoria Emilia', tipoSoggettoEser: '2', pivaEser: '01234560124' });
    expect(created.status).toBe(201);

    const read = await as.federazione.get(`${API}/esercenti/0008901`);
    expect(read.status).toBe(200);
    expect(read.body._readOnly).toEqual(['ds']);
    const refused = await save('federazione', '0008901', { ds: 'Trattoria Emilia Nuova' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'ds', message: NAME_LOCKED }] });
    // The rest of the record stays the federation's to change, the name sent back as it is.
    const other = await save('federazione', '0008901', { telefono: '051 1234567' });
    expect(other.status).toBe(200);
    expect(other.body.ds).toBe('Trattoria Emilia');
    // Assistance changes any name.
    expect((await as.assistenza.get(`${API}/esercenti/0008901`)).body._readOnly).toEqual([]);

    // A store of the position at a bank whose code is the federation's group puts the federation in the bank list.
    await app.db('banca').insert({ cod_abi: '15000', nome_bcc: 'Banca della Federazione' });
    const store = await as.assistenza.post(`${API}/negozi`).send({ pdvid: '8901', codEser: '0008901', abi: '15000', cab: '01800', insegna: 'Trattoria Emilia', tipoSoggetto: '2', pIva: '01234560124', abcid: '5812' });
    expect(store.status).toBe(201);
    expect((await as.federazione.get(`${API}/esercenti/0008901`)).body._readOnly).toEqual([]);
    const renamed = await save('federazione', '0008901', { ds: 'Trattoria Emilia Nuova' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.ds).toBe('Trattoria Emilia Nuova');
  });
});

describe('a disabled merchant is enabled again by assistance only (seed 001 §6)', () => {
  /** Reads the merchant as `user` and sends it back with `change`. */
  const save = async (user: string, codEser: string, change: Record<string, unknown>) => {
    const read = await as[user].get(`${API}/esercenti/${codEser}`);
    expect(read.status).toBe(200);
    return as[user].put(`${API}/esercenti/${codEser}`).set('If-Match', read.headers.etag).send({ ...asBody(read.body), ...change });
  };

  it('the bank disables its merchant; then it may change its other fields but not enable it; assistance enables it', async () => {
    expect((await as['sede.30480'].get(`${API}/esercenti/0002345`)).body._readOnly).not.toContain('enable');
    const disabled = await save('sede.30480', '0002345', { enable: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body.enable).toBe(false);

    const read = await as['sede.30480'].get(`${API}/esercenti/0002345`);
    expect(read.body._readOnly).toContain('enable');
    const refused = await save('sede.30480', '0002345', { enable: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'enable', message: ENABLE_ASSISTANCE_ONLY }] });
    expect((await as['sede.30480'].get(`${API}/esercenti/0002345`)).body.enable).toBe(false);
    const other = await save('sede.30480', '0002345', { telefono: '02 5550001' });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ enable: false, telefono: '02 5550001' });

    expect((await as.assistenza.get(`${API}/esercenti/0002345`)).body._readOnly).not.toContain('enable');
    const enabled = await save('assistenza', '0002345', { enable: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body.enable).toBe(true);
    expect((await as['sede.30480'].get(`${API}/esercenti/0002345`)).body._readOnly).not.toContain('enable');
  });
});

describe("a store's merchant category is required (seed 001 §5: the sign requires a category)", () => {
  it('refuses a new store without a category, on the category, with its message; with one it is stored', async () => {
    const { abcid: _none, ...without } = store('9911', '30480');
    const refused = await as['sede.30480'].post(`${API}/negozi`).send(without);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field: 'abcid', message: CATEGORY_REQUIRED }] });
    // A blank code is no code of 4 digits: refused by its pattern first.
    expect((await as['sede.30480'].post(`${API}/negozi`).send({ ...without, abcid: '' })).body.details).toEqual([{ field: 'abcid', message: 'La categoria merceologica è di 4 cifre' }]);
    expect((await as['sede.30480'].get(`${API}/negozi/9911`)).status).toBe(404);
    const created = await as['sede.30480'].post(`${API}/negozi`).send(store('9911', '30480'));
    expect(created.status).toBe(201);
    expect(created.body.abcid).toBe('5812');
  });

  it("refuses a stored store's category taken away, and keeps the one it had", async () => {
    const read = await as['sede.30480'].get(`${API}/negozi/1001`);
    const refused = await as['sede.30480'].put(`${API}/negozi/1001`).set('If-Match', read.headers.etag).send({ ...asBody(read.body), abcid: null });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'abcid', message: CATEGORY_REQUIRED }]);
    expect((await as['sede.30480'].get(`${API}/negozi/1001`)).body.abcid).toBe('5812');
  });
});

describe('the merchant search\'s "e-commerce only" filter (seed 001 §2, §7 soloCommElettronico)', () => {
  const SEARCH_NEEDS_A_FIELD = "E' necessario compilare almeno un campo del form prima di poter effettuare una ricerca.";
  const codes = async (query: string): Promise<string[]> => {
    const res = await as['sede.30480'].get(`${API}/esercenti?${query}&sort=codEser`);
    expect(res.status, query).toBe(200);
    return res.body.results.map((r: { codEser: string }) => r.codEser);
  };

  beforeAll(async () => {
    // Bank 30480 has one PayWay merchant in the demo (0004567); a PayWayMail and a MO.TO one join it.
    for (const [codEser, tipo, ds] of [['0008801', 'PWM', 'Negozio Online Mail'], ['0008802', 'MO', 'Vendite Telefoniche']]) {
      const res = await as.assistenza.post(`${API}/esercenti`).send({ codEser, codAbi: '30480', cab: '01600', ds, tipo, tipoSoggettoEser: '2', pivaEser: '01234560124' });
      expect(res.status).toBe(201);
    }
  });

  it('yes: the PayWay and PayWayMail merchants of the bank; no: every other one', async () => {
    expect(await codes('codAbi=30480&soloCommElettronico=true')).toEqual(['0004567', '0008801']);
    const others = await codes('codAbi=30480&soloCommElettronico=false&size=200');
    expect(others).toContain('0008802');
    expect(others).toContain('0001234');
    expect(others).not.toContain('0004567');
    expect(others).not.toContain('0008801');
    const all = await codes('codAbi=30480&size=200');
    expect(all.length).toBe(others.length + 2);
  });

  it('combines with the other filters and the caller\'s scope; alone it is no search', async () => {
    expect(await codes('codAbi=30480&soloCommElettronico=true&ds=mail')).toEqual(['0008801']);
    expect(await codes('codAbi=34256&soloCommElettronico=true')).toEqual([]);
    const alone = await as['sede.30480'].get(`${API}/esercenti?soloCommElettronico=true`);
    expect(alone.status).toBe(400);
    expect(alone.body.details).toEqual([{ field: 'codAbi', message: SEARCH_NEEDS_A_FIELD }]);
    const wrong = await as['sede.30480'].get(`${API}/esercenti?codAbi=30480&soloCommElettronico=forse`);
    expect(wrong.status).toBe(400);
  });
});
