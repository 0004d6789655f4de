/**
 * A bank is saved together with its group and its custom POS models in one transaction (seed 000 §7,
 * docs/artifacts.md): when any part is refused, nothing is written — no bank without its group, no
 * group without its bank, no half-replaced list, no parent updated with a child refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

async function nothingStoredFor(codAbi: string) {
  expect((await app.request.get(`${API}/banche/${codAbi}`)).status).toBe(404);
  expect((await app.request.get(`${API}/gruppi/${codAbi}`)).status).toBe(404);
  expect(await app.db('banca').where({ cod_abi: codAbi })).toEqual([]);
  expect(await app.db('gruppo').where({ group_name: codAbi })).toEqual([]);
  expect(await app.db('modello_pos_banca').where({ cod_abi: codAbi })).toEqual([]);
}

describe('creating a bank', () => {
  it('with a group whose parentGroup does not exist writes neither the bank nor the group', async () => {
    const res = await app.request.post(`${API}/banche`).send({ codAbi: '40001', nomeBcc: 'Banca orfana', group: { description: 'Orfano', parentGroup: '77777' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR',
      details: [{ field: 'group.parentGroup', message: 'Il valore indicato non esiste' }],
    });
    await nothingStoredFor('40001');
  });

  it('with the same custom POS model twice answers 409 and writes neither the bank nor the group', async () => {
    const res = await app.request.post(`${API}/banche`).send({
      codAbi: '40002', nomeBcc: 'Banca doppia', group: { description: 'Doppio' }, modelliPos: [{ codModpos: '101' }, { codModpos: '101' }],
    });
    expect(res.status).toBe(409);
    // The second item is named (the list is matched by the child's key before anything is written).
    expect(res.body).toEqual({ errorMessage: "Elemento già presente", code: 'DUPLICATE_KEY', details: [{ field: 'modelliPos.1.codModpos', message: 'Elemento già presente' }] });
    await nothingStoredFor('40002');
  });
});

describe('updating a bank', () => {
  it('whose group is refused leaves the bank and its group as they were', async () => {
    const before = (await app.request.get(`${API}/banche/34256`)).body;
    const res = await app.request.put(`${API}/banche/34256`).set('If-Match', await etagOf(app.request, `${API}/banche/34256`)).send({
      codAbi: '34256', nomeBcc: 'Nome che non deve restare', regione: 'Altrove', group: { description: 'Cambiata', parentGroup: '77777' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'group.parentGroup', message: 'Il valore indicato non esiste' }]);
    expect((await app.request.get(`${API}/banche/34256`)).body).toEqual(before);
    expect(await app.db('banca').where({ cod_abi: '34256' }).first()).toMatchObject({ nome_bcc: 'Cassa Rurale Alpina', regione: 'Trentino-Alto Adige' });
  });

  it('with a duplicated custom POS model leaves the bank and its previous list unchanged', async () => {
    const before = (await app.request.get(`${API}/banche/30480`)).body;
    const res = await app.request.put(`${API}/banche/30480`).set('If-Match', await etagOf(app.request, `${API}/banche/30480`)).send({
      codAbi: '30480', nomeBcc: 'Nome che non deve restare', group: { description: 'BCC di Esempio', parentGroup: '11000' },
      modelliPos: [{ codModpos: '102' }, { codModpos: '102' }],
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DUPLICATE_KEY');
    expect((await app.request.get(`${API}/banche/30480`)).body).toEqual(before);
    expect(before.modelliPos).toEqual([{ codAbi: '30480', codModpos: '101' }, { codAbi: '30480', codModpos: '901' }]);
  });
});

describe('replacing the custom POS models', () => {
  it('with a duplicate keeps the previous list whole', async () => {
    const res = await app.request.put(`${API}/banche/30480/modelliPos`).set('If-Match', await etagOf(app.request, `${API}/banche/30480/modelliPos`)).send([{ codModpos: '201' }, { codModpos: '201' }]);
    expect(res.status).toBe(409);
    expect((await app.request.get(`${API}/banche/30480/modelliPos`)).body).toEqual([
      { codAbi: '30480', codModpos: '101' }, { codAbi: '30480', codModpos: '901' },
    ]);
  });
});
