/**
 * Banks through the API as a user sees them: list paging/sorting/filters, the bank with its group and
 * custom POS models, defaults and field rules on save, and every error in Italian (seed 000 §3-§5, §9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
type Bank = Record<string, unknown> & { codAbi: string; nomeBcc: string };

/** The smallest bank the API accepts: key, name and its group. */
const newBank = (codAbi: string, extra: Record<string, unknown> = {}) => ({
  codAbi, nomeBcc: `Banca ${codAbi}`, group: { description: `Gruppo ${codAbi}` }, ...extra,
});

const EXTRA_BANKS = 35; // with the 7 demo banks (the push aggregate 99999 among them), more than one default page of 30

beforeAll(async () => {
  app = await createTestApp();
  await app.db('banca').insert(Array.from({ length: EXTRA_BANKS }, (_, i) => ({
    cod_abi: `7${String(i).padStart(2, '0')}00`, nome_bcc: `Banca extra ${String(i).padStart(2, '0')}`,
  })));
});
afterAll(() => app.close());

describe('GET /banche (list)', () => {
  it('answers the first page of 30 rows with the total count of all banks', async () => {
    const res = await app.request.get(`${API}/banche`);
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(30);
    expect(res.body.totalCount).toBe(7 + EXTRA_BANKS);
    expect(res.body.results[0].codAbi).toBe('08327'); // default sort: codAbi ascending
  });

  it('pages with page (0-based) and size over the same order', async () => {
    const all: Bank[] = (await app.request.get(`${API}/banche?size=200&format=compact`)).body.results;
    const res = await app.request.get(`${API}/banche?page=1&size=2&format=compact`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: all.slice(2, 4), totalCount: 7 + EXTRA_BANKS });
  });

  it('accepts size up to maxPageSize (200) and refuses more with 400', async () => {
    expect((await app.request.get(`${API}/banche?size=200`)).status).toBe(200);
    const res = await app.request.get(`${API}/banche?size=201`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR',
      details: [{ field: 'size', message: "Il valore è troppo grande" }],
    });
  });

  it('sorts by sort=nomeBcc,desc', async () => {
    const res = await app.request.get(`${API}/banche?sort=nomeBcc,desc&size=200&format=compact`);
    expect(res.status).toBe(200);
    const names = res.body.results.map((b: Bank) => b.nomeBcc);
    expect(names).toEqual([...names].sort().reverse());
    expect(names[0]).toBe('Cassa Rurale Alpina');
  });

  it('filters codAbi by exact match (a prefix finds nothing)', async () => {
    expect((await app.request.get(`${API}/banche?codAbi=30480&format=compact`)).body).toEqual({
      results: [{ codAbi: '30480', nomeBcc: 'Banca di Credito Cooperativo di Esempio' }], totalCount: 1,
    });
    expect((await app.request.get(`${API}/banche?codAbi=3048`)).body).toEqual({ results: [], totalCount: 0 });
  });

  it('filters the name (query parameter `name`, seed 000 §7) as a case-insensitive wildcard (%value%)', async () => {
    const res = await app.request.get(`${API}/banche?name=CREDITO&format=compact`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((b: Bank) => b.codAbi)).toEqual(['08327', '30480', '60855']);
    expect(res.body.totalCount).toBe(3);
  });

  it('filters flgAttiva by exact match (the active flag, issue 19): true and false split the banks', async () => {
    const count = async (q: string): Promise<{ results: Bank[]; totalCount: number }> => {
      const res = await app.request.get(`${API}/banche?size=200&${q}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    const all = await count('');
    const active = await count('flgAttiva=true');
    const inactive = await count('flgAttiva=false');
    expect(inactive.totalCount).toBeGreaterThan(0);
    expect(active.totalCount + inactive.totalCount).toBe(all.totalCount);
    expect(active.results.every((b) => b.flgAttiva === true)).toBe(true);
    expect(inactive.results.every((b) => b.flgAttiva === false)).toBe(true);
    expect((await app.request.get(`${API}/banche?flgAttiva=forse`)).status).toBe(400);
  });

  it('format=compact answers only codAbi and nomeBcc', async () => {
    const res = await app.request.get(`${API}/banche?format=compact&codAbi=34256`);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ codAbi: '34256', nomeBcc: 'Cassa Rurale Alpina' }]);
  });

  it('refuses a sort on an unknown field', async () => {
    const res = await app.request.get(`${API}/banche?sort=pippo,desc`);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'sort', message: 'Formato non valido' }]);
  });
});

describe('GET /banche/{codAbi}', () => {
  it('embeds the group (one) and the custom POS models (many)', async () => {
    const res = await app.request.get(`${API}/banche/30480`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      codAbi: '30480', nomeBcc: 'Banca di Credito Cooperativo di Esempio', flgFatDir: true, flgFatDirForce: true,
      dataPassaggioFattdir: '2024-01-01', tipoSepa: 'C', termidPrefix: '3048',
      group: { groupName: '30480', description: 'BCC di Esempio', groupType: 'B', parentGroup: '11000' },
      modelliPos: [{ codAbi: '30480', codModpos: '101' }, { codAbi: '30480', codModpos: '901' }],
    });
  });

  it('answers 404 "Elemento non trovato" for an unknown bank', async () => {
    const res = await app.request.get(`${API}/banche/99998`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
  });
});

describe('POST /banche', () => {
  it('applies every default and saves the group named after the ABI with type B', async () => {
    const res = await app.request.post(`${API}/banche`).send(newBank('12345'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      codAbi: '12345', nomeBcc: 'Banca 12345', flgAttiva: true, flgFatDir: false, flgFatDirForce: false,
      flgTipoInvio: 'NC', dfltStatoRichiesta: 'S', termidPrefix: '1234', tipoSepa: null,
      group: { groupName: '12345', description: 'Gruppo 12345', groupType: 'B', parentGroup: null },
      modelliPos: [],
    });
    const group = await app.request.get(`${API}/gruppi/12345`);
    expect(group.status).toBe(200);
    expect(group.body).toEqual({ groupName: '12345', description: 'Gruppo 12345', groupType: 'B', parentGroup: null });
  });

  it('keeps an explicit termidPrefix and saves the custom POS models given with the bank', async () => {
    const res = await app.request.post(`${API}/banche`).send(newBank('12346', { termidPrefix: '9999', modelliPos: [{ codModpos: '101' }] }));
    expect(res.status).toBe(201);
    expect(res.body.termidPrefix).toBe('9999');
    expect(res.body.modelliPos).toEqual([{ codAbi: '12346', codModpos: '101' }]);
  });

  it('refuses a 4-digit ABI with "Il campo  deve essere di 5 cifre" (two spaces)', async () => {
    const res = await app.request.post(`${API}/banche`).send(newBank('1234'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR',
      details: [{ field: 'codAbi', message: 'Il campo  deve essere di 5 cifre' }],
    });
  });

  it("refuses a bank without nomeBcc with \"Questo campo e' obbligatorio\"", async () => {
    const { nomeBcc: _omit, ...body } = newBank('12347');
    const res = await app.request.post(`${API}/banche`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'nomeBcc', message: "Questo campo e' obbligatorio" }]);
  });

  it('refuses a bank without its group', async () => {
    const { group: _omit, ...body } = newBank('12347');
    const res = await app.request.post(`${API}/banche`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'group', message: "Questo campo e' obbligatorio" }]);
  });

  it('refuses an unknown body field with "Campo non previsto" and stores nothing', async () => {
    const res = await app.request.post(`${API}/banche`).send(newBank('12348', { colore: 'blu' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'colore', message: 'Campo non previsto' }],
    });
    expect((await app.request.get(`${API}/banche/12348`)).status).toBe(404);
    expect(await app.db('banca').where({ cod_abi: '12348' })).toEqual([]);
  });

  it('reports an unknown field inside the group with its dotted path', async () => {
    const res = await app.request.post(`${API}/banche`).send(newBank('12348', { group: { description: 'g', colore: 'blu' } }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'group.colore', message: 'Campo non previsto' }]);
  });

  it('reports a wrong custom POS model code inside the body at modelliPos.0.codModpos', async () => {
    const res = await app.request.post(`${API}/banche`).send(newBank('12348', { modelliPos: [{ codModpos: '10' }] }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'modelliPos.0.codModpos', message: 'Il campo  deve essere di 3 cifre.' }]);
  });

  it("answers 409 DUPLICATE_KEY \"Elemento già presente\" for an existing ABI", async () => {
    const res = await app.request.post(`${API}/banche`).send(newBank('30480'));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errorMessage: "Elemento già presente", code: 'DUPLICATE_KEY', details: [] });
    expect((await app.request.get(`${API}/banche/30480`)).body.nomeBcc).toBe('Banca di Credito Cooperativo di Esempio');
  });
});

describe('PUT /banche/{codAbi}', () => {
  beforeAll(async () => {
    const res = await app.request.post(`${API}/banche`).send(newBank('20001', { flgFatDir: true, flgFatDirForce: true, dataPassaggioFattdir: '2024-03-01' }));
    expect(res.status).toBe(201);
  });

  it('updates the bank and its group', async () => {
    const res = await app.request.put(`${API}/banche/20001`).set('If-Match', await etagOf(app.request, `${API}/banche/20001`)).send(newBank('20001', {
      nomeBcc: 'Banca rinominata', flgFatDir: true, flgFatDirForce: true, dataPassaggioFattdir: '2024-03-01',
      regione: 'Veneto', group: { description: 'Nuova descrizione', parentGroup: '15000' },
    }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      codAbi: '20001', nomeBcc: 'Banca rinominata', regione: 'Veneto', flgFatDirForce: true, dataPassaggioFattdir: '2024-03-01',
      group: { groupName: '20001', description: 'Nuova descrizione', groupType: 'B', parentGroup: '15000' },
    });
    expect((await app.request.get(`${API}/banche/20001`)).body).toEqual(res.body);
  });

  it('flgFatDirForce false clears only dataPassaggioFattdir', async () => {
    const res = await app.request.put(`${API}/banche/20001`).set('If-Match', await etagOf(app.request, `${API}/banche/20001`)).send(newBank('20001', { flgFatDir: true, flgFatDirForce: false, dataPassaggioFattdir: '2024-03-01' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flgFatDir: true, flgFatDirForce: false, dataPassaggioFattdir: null });
  });

  it('flgFatDir false clears flgFatDirForce and dataPassaggioFattdir', async () => {
    const res = await app.request.put(`${API}/banche/20001`).set('If-Match', await etagOf(app.request, `${API}/banche/20001`)).send(newBank('20001', { flgFatDir: false, flgFatDirForce: true, dataPassaggioFattdir: '2024-05-01' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flgFatDir: false, flgFatDirForce: false, dataPassaggioFattdir: null });
    expect((await app.request.get(`${API}/banche/20001`)).body).toMatchObject({ flgFatDir: false, flgFatDirForce: false, dataPassaggioFattdir: null });
  });

  it('answers 400 KEY_MISMATCH when the ABI in the body differs from the path', async () => {
    const res = await app.request.put(`${API}/banche/20001`).set('If-Match', await etagOf(app.request, `${API}/banche/20001`)).send(newBank('20002'));
    expect(res.status).toBe(400);
    const message = "La chiave nel corpo della richiesta non corrisponde a quella nell'indirizzo";
    expect(res.body).toEqual({ errorMessage: message, code: 'KEY_MISMATCH', details: [{ field: 'codAbi', message }] });
    expect((await app.request.get(`${API}/banche/20002`)).status).toBe(404);
  });

  it('answers 404 for an unknown bank', async () => {
    const res = await app.request.put(`${API}/banche/99997`).set('If-Match', await etagOf(app.request, `${API}/banche/99997`)).send(newBank('99997'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
  });

  // A PUT merges over the stored row: a field left out keeps its value, whether or not it has a
  // default (defaults apply on create only; the API document carries none for the validator to fill).
  it('a PUT that omits flgAttiva keeps a deactivated bank deactivated (like regione is kept)', async () => {
    const res = await app.request.put(`${API}/banche/08327`).set('If-Match', await etagOf(app.request, `${API}/banche/08327`)).send(newBank('08327', { nomeBcc: 'BCC di Roma' }));
    expect(res.status).toBe(200);
    expect(res.body.regione).toBe('Lazio');
    expect(res.body.flgAttiva).toBe(false);
  });

  // What GET answers can be PUT back as is: the link fields the parent fills (group.groupName,
  // group.groupType, modelliPos[].codAbi) are accepted when they agree (seed 000 §7).
  it('a bank read with GET can be saved back with PUT unchanged', async () => {
    const read = await app.request.get(`${API}/banche/34256`);
    const res = await app.request.put(`${API}/banche/34256`).set('If-Match', await etagOf(app.request, `${API}/banche/34256`)).send(read.body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(read.body);
  });
});

describe('DELETE /banche/{codAbi}', () => {
  it('answers 204, then the bank and its group are gone', async () => {
    expect((await app.request.post(`${API}/banche`).send(newBank('20010', { modelliPos: [{ codModpos: '101' }] }))).status).toBe(201);
    const res = await app.request.delete(`${API}/banche/20010`).set('If-Match', await etagOf(app.request, `${API}/banche/20010`));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await app.request.get(`${API}/banche/20010`)).body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
    expect((await app.request.get(`${API}/gruppi/20010`)).status).toBe(404);
    expect(await app.db('modello_pos_banca').where({ cod_abi: '20010' })).toEqual([]);
  });

  it('answers 404 for an unknown bank', async () => {
    const res = await app.request.delete(`${API}/banche/99996`).set('If-Match', await etagOf(app.request, `${API}/banche/99996`));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('answers 409 REFERENCED for a bank that still has branches, and keeps it whole', async () => {
    const res = await app.request.delete(`${API}/banche/30480`).set('If-Match', await etagOf(app.request, `${API}/banche/30480`));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errorMessage: 'Elemento utilizzato altrove: impossibile eliminarlo', code: 'REFERENCED', details: [] });
    const still = await app.request.get(`${API}/banche/30480`);
    expect(still.status).toBe(200);
    expect(still.body.group).toMatchObject({ groupName: '30480', description: 'BCC di Esempio' });
    expect(still.body.modelliPos).toHaveLength(2);
  });
});

describe('GET/PUT /banche/{codAbi}/modelliPos', () => {
  it('lists the custom POS models as {codAbi, codModpos}', async () => {
    const res = await app.request.get(`${API}/banche/30480/modelliPos`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ codAbi: '30480', codModpos: '101' }, { codAbi: '30480', codModpos: '901' }]);
  });

  it('PUT replaces the list as a whole', async () => {
    const res = await app.request.put(`${API}/banche/50340/modelliPos`).set('If-Match', await etagOf(app.request, `${API}/banche/50340/modelliPos`)).send([{ codModpos: '102' }, { codModpos: 'B01' }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ codAbi: '50340', codModpos: '102' }, { codAbi: '50340', codModpos: 'B01' }]);
    await app.request.put(`${API}/banche/50340/modelliPos`).set('If-Match', await etagOf(app.request, `${API}/banche/50340/modelliPos`)).send([{ codModpos: '901' }]).expect(200);
    expect((await app.request.get(`${API}/banche/50340/modelliPos`)).body).toEqual([{ codAbi: '50340', codModpos: '901' }]);
    expect((await app.request.put(`${API}/banche/50340/modelliPos`).set('If-Match', await etagOf(app.request, `${API}/banche/50340/modelliPos`)).send([])).body).toEqual([]);
  });

  it('accepts the seed shape: a list of {codAbi, codModpos}', async () => {
    const res = await app.request.put(`${API}/banche/60855/modelliPos`).set('If-Match', await etagOf(app.request, `${API}/banche/60855/modelliPos`)).send([{ codAbi: '60855', codModpos: '101' }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ codAbi: '60855', codModpos: '101' }]);
  });

  it("refuses a 2-character code with the field's own message 'Il campo  deve essere di 3 cifre.'", async () => {
    const res = await app.request.put(`${API}/banche/50340/modelliPos`).set('If-Match', await etagOf(app.request, `${API}/banche/50340/modelliPos`)).send([{ codModpos: '10' }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR',
      details: [{ field: '0.codModpos', message: 'Il campo  deve essere di 3 cifre.' }],
    });
  });

  it('answers 404 for the models of an unknown bank', async () => {
    expect((await app.request.get(`${API}/banche/99995/modelliPos`)).status).toBe(404);
    const res = await app.request.put(`${API}/banche/99995/modelliPos`).set('If-Match', await etagOf(app.request, `${API}/banche/99995/modelliPos`)).send([{ codModpos: '101' }]);
    expect(res.status).toBe(404);
    expect(res.body.errorMessage).toBe('Elemento non trovato');
  });
});
