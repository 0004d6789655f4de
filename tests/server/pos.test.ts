/**
 * Physical and generic POS models with their association sub-resources, and the groups (read-only):
 * page sizes of seed 000 §9, messages of §5, the 'tipo P -> flgSpedizione' rule of §3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

const invalid = (...details: { field: string; message: string }[]) => ({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details });
const code = (prefix: string, i: number) => `${prefix}${String(i).padStart(2, '0')}`;

describe('posfisici', () => {
  it('lists 100 rows per page by default', async () => {
    await app.db('pos_fisico').insert(Array.from({ length: 100 }, (_, i) => ({ cod_modpos: code('Q', i), descrizione: `Modello ${i}` })));
    const res = await app.request.get(`${API}/posfisici`);
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(100);
    expect(res.body.totalCount).toBe(106);
    expect((await app.request.get(`${API}/posfisici?page=1`)).body.results).toHaveLength(6);
    await app.db('pos_fisico').where('cod_modpos', 'like', 'Q%').delete();
  });

  it('filters by tipo and answers the compact form', async () => {
    const res = await app.request.get(`${API}/posfisici?tipo=SPECIALI&format=compact`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [{ codModpos: 'A37', descrizione: 'Servizio filtro A37' }, { codModpos: 'A38', descrizione: 'Servizio filtro A38' }], totalCount: 2,
    });
  });

  it('gets a model with its network codes, pinpads and TMPPs embedded', async () => {
    const res = await app.request.get(`${API}/posfisici/101`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      codModpos: '101', descrizione: 'Ingenico Move 5000 GPRS', priorita: 1, tipo: 'ORDINARIO', flgAbilitato: true,
      reti: [{ codModpos: '101', codiceNets: 'NETS01', tipoConnessione: 'GPRS' }],
      pinpad: [{ codModpos: '101', codModposPinpad: 'P01', codPinpad: 'IPP350' }],
      tmpp: [],
    });
  });

  it('creates, updates and deletes a model with its associations', async () => {
    const created = await app.request.post(`${API}/posfisici`).send({
      codModpos: 'Z01', descrizione: 'Nuovo POS', priorita: 0,
      reti: [{ codiceNets: 'N9', tipoConnessione: 'WIFI' }], pinpad: [{ codModposPinpad: 'P02', codPinpad: 'PP9' }], tmpp: [{ tmpp: 'T9' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      codModpos: 'Z01', flgAbilitato: true, flgOrdMagazzino: false,
      reti: [{ codModpos: 'Z01', codiceNets: 'N9', tipoConnessione: 'WIFI' }],
      pinpad: [{ codModpos: 'Z01', codModposPinpad: 'P02', codPinpad: 'PP9' }],
      tmpp: [{ codModpos: 'Z01', tmpp: 'T9', codModposPinpad: null }],
    });

    const updated = await app.request.put(`${API}/posfisici/Z01`).set('If-Match', await etagOf(app.request, `${API}/posfisici/Z01`)).send({ codModpos: 'Z01', descrizione: 'POS aggiornato', priorita: 10, marca: 'Acme' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ descrizione: 'POS aggiornato', priorita: 10, marca: 'Acme', reti: [{ codiceNets: 'N9' }] });

    expect((await app.request.delete(`${API}/posfisici/Z01`).set('If-Match', await etagOf(app.request, `${API}/posfisici/Z01`))).status).toBe(204);
    expect((await app.request.get(`${API}/posfisici/Z01`)).status).toBe(404);
    expect(await app.db('pos_fisico_rete').where({ cod_modpos: 'Z01' })).toEqual([]);
  });

  it('answers 409 REFERENCED when a generic model still points at the physical model', async () => {
    const res = await app.request.delete(`${API}/posfisici/201`).set('If-Match', await etagOf(app.request, `${API}/posfisici/201`));
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe('Elemento utilizzato altrove: impossibile eliminarlo');
    expect((await app.request.get(`${API}/posfisici/201`)).body.tmpp).toHaveLength(1);
  });

  it("refuses a 2-character code with 'Il campo  deve essere di 3 cifre.'", async () => {
    const res = await app.request.post(`${API}/posfisici`).send({ codModpos: 'Z1', descrizione: 'X' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'codModpos', message: 'Il campo  deve essere di 3 cifre.' }));
  });

  it.each([11, -1])("refuses priorita %i with \"La priorità deve essere compresa tra 0 e 10\"", async (priorita) => {
    const res = await app.request.post(`${API}/posfisici`).send({ codModpos: 'Z02', descrizione: 'X', priorita });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'priorita', message: "La priorità deve essere compresa tra 0 e 10" }));
  });

  it("refuses a network code without codiceNets with 'Campo obbligatorio' at reti.0.codiceNets", async () => {
    const res = await app.request.post(`${API}/posfisici`).send({ codModpos: 'Z03', descrizione: 'X', reti: [{ tipoConnessione: 'GPRS' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'reti.0.codiceNets', message: 'Campo obbligatorio' }));
    expect((await app.request.get(`${API}/posfisici/Z03`)).status).toBe(404);
  });
});

describe('posfisici association sub-resources', () => {
  it('GET/PUT reti replaces the network codes as a whole', async () => {
    expect((await app.request.get(`${API}/posfisici/102/reti`)).body).toEqual([{ codModpos: '102', codiceNets: 'NETS02', tipoConnessione: 'ETH' }]);
    const res = await app.request.put(`${API}/posfisici/102/reti`).set('If-Match', await etagOf(app.request, `${API}/posfisici/102/reti`)).send([{ codiceNets: 'NETS03' }, { codiceNets: 'NETS04', tipoConnessione: 'GPRS' }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { codModpos: '102', codiceNets: 'NETS03', tipoConnessione: null },
      { codModpos: '102', codiceNets: 'NETS04', tipoConnessione: 'GPRS' },
    ]);
    expect((await app.request.get(`${API}/posfisici/102/reti`)).body).toEqual(res.body);
  });

  it('GET/PUT pinpad replaces the pinpads as a whole', async () => {
    expect((await app.request.get(`${API}/posfisici/101/pinpad`)).body).toEqual([{ codModpos: '101', codModposPinpad: 'P01', codPinpad: 'IPP350' }]);
    const res = await app.request.put(`${API}/posfisici/101/pinpad`).set('If-Match', await etagOf(app.request, `${API}/posfisici/101/pinpad`)).send([{ codModposPinpad: 'P03', codPinpad: 'IPP480' }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ codModpos: '101', codModposPinpad: 'P03', codPinpad: 'IPP480' }]);
  });

  it('GET/PUT tmpp replaces the TMPPs as a whole', async () => {
    expect((await app.request.get(`${API}/posfisici/201/tmpp`)).body).toEqual([{ codModpos: '201', tmpp: 'TMPP01', codModposPinpad: 'P01' }]);
    const res = await app.request.put(`${API}/posfisici/201/tmpp`).set('If-Match', await etagOf(app.request, `${API}/posfisici/201/tmpp`)).send([]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await app.request.get(`${API}/posfisici/201/tmpp`)).body).toEqual([]);
  });

  it("PUT reti without codiceNets answers the field's own message 'Campo obbligatorio'", async () => {
    const res = await app.request.put(`${API}/posfisici/102/reti`).set('If-Match', await etagOf(app.request, `${API}/posfisici/102/reti`)).send([{ tipoConnessione: 'GPRS' }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: '0.codiceNets', message: 'Campo obbligatorio' }));
  });

  it('answers 404 for the associations of an unknown model', async () => {
    const res = await app.request.get(`${API}/posfisici/ZZZ/pinpad`);
    expect(res.status).toBe(404);
    expect(res.body.errorMessage).toBe('Elemento non trovato');
  });
});

describe('posgenerici', () => {
  it('lists 20 rows per page by default', async () => {
    await app.db('pos_generico').insert(Array.from({ length: 10 }, (_, i) => ({ cod_modpos: code('W', i), descrizione: `Generico ${i}` })));
    const res = await app.request.get(`${API}/posgenerici`);
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(20);
    expect(res.body.totalCount).toBe(26);
    await app.db('pos_generico').where('cod_modpos', 'like', 'W%').delete();
  });

  it('gets a generic model with its associated physical models', async () => {
    const res = await app.request.get(`${API}/posgenerici/G01`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      codModpos: 'G01', tipo: 'F', flgOrdinabile: true, flgSpedizione: false,
      modelliFisici: [
        { codModpos: 'G01', codAbi: '00000', modelloFisico: '101', dataInizio: '2024-01-01', dataFine: null },
        { codModpos: 'G01', codAbi: '30480', modelloFisico: '102', dataInizio: '2024-06-01', dataFine: '2026-12-31' },
      ],
    });
  });

  it('tipo P forces flgSpedizione true on create even when the body sends false', async () => {
    const res = await app.request.post(`${API}/posgenerici`).send({ codModpos: 'P01', descrizione: 'Push', tipo: 'P', flgSpedizione: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ codModpos: 'P01', tipo: 'P', flgSpedizione: true, flgAbilitato: true });
    expect((await app.request.get(`${API}/posgenerici/P01`)).body.flgSpedizione).toBe(true);
  });

  it('tipo P forces flgSpedizione true on update too; another tipo keeps what is sent', async () => {
    const push = await app.request.put(`${API}/posgenerici/G02`).set('If-Match', await etagOf(app.request, `${API}/posgenerici/G02`)).send({ codModpos: 'G02', descrizione: 'Smart POS generico', tipo: 'P', flgSpedizione: false });
    expect(push.status).toBe(200);
    expect(push.body.flgSpedizione).toBe(true);
    const fisico = await app.request.put(`${API}/posgenerici/G02`).set('If-Match', await etagOf(app.request, `${API}/posgenerici/G02`)).send({ codModpos: 'G02', descrizione: 'Smart POS generico', tipo: 'F', flgSpedizione: false });
    expect(fisico.body).toMatchObject({ tipo: 'F', flgSpedizione: false });
  });

  it("accepts associated physical models for every bank (codAbi '00000') and deletes the model with them", async () => {
    const res = await app.request.post(`${API}/posgenerici`).send({
      codModpos: 'P02', descrizione: 'Con fisici', tipo: 'F', modelliFisici: [{ codAbi: '00000', modelloFisico: '101', dataInizio: '2025-01-01' }],
    });
    expect(res.status).toBe(201);
    // Child rows name their references too (docs/spec-language.md#references).
    expect(res.body.modelliFisici).toEqual([{
      codModpos: 'P02', codAbi: '00000', modelloFisico: '101', dataInizio: '2025-01-01', dataFine: null, _labels: { modelloFisico: '101 - Ingenico Move 5000 GPRS' },
    }]);
    expect((await app.request.delete(`${API}/posgenerici/P02`).set('If-Match', await etagOf(app.request, `${API}/posgenerici/P02`))).status).toBe(204);
    expect((await app.request.get(`${API}/posgenerici/P02`)).status).toBe(404);
    expect(await app.db('pos_generico_fisico').where({ cod_modpos: 'P02' })).toEqual([]);
  });

  it("refuses an associated bank code of 4 digits with 'Campo numerico'", async () => {
    const res = await app.request.post(`${API}/posgenerici`).send({ codModpos: 'P03', descrizione: 'X', modelliFisici: [{ codAbi: '1234', modelloFisico: '101' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'modelliFisici.0.codAbi', message: 'Campo numerico' }));
  });

  it("refuses an unknown physical model with 'Modello fisico inesistente' and stores nothing", async () => {
    const res = await app.request.post(`${API}/posgenerici`).send({ codModpos: 'P04', descrizione: 'X', modelliFisici: [{ codAbi: '00000', modelloFisico: 'QQQ' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'modelliFisici.0.modelloFisico', message: 'Modello fisico inesistente' }));
    expect((await app.request.get(`${API}/posgenerici/P04`)).status).toBe(404);
  });
});

describe('posgenerici/{codModpos}/modelliFisici', () => {
  it('GET lists and PUT replaces the associated physical models', async () => {
    expect((await app.request.get(`${API}/posgenerici/G03/modelliFisici`)).body).toEqual([]);
    const res = await app.request.put(`${API}/posgenerici/G03/modelliFisici`).set('If-Match', await etagOf(app.request, `${API}/posgenerici/G03/modelliFisici`)).send([
      { codAbi: '00000', modelloFisico: '201' }, { codAbi: '34256', modelloFisico: '101', dataFine: '2027-01-31' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { codModpos: 'G03', codAbi: '00000', modelloFisico: '201', dataInizio: null, dataFine: null },
      { codModpos: 'G03', codAbi: '34256', modelloFisico: '101', dataInizio: null, dataFine: '2027-01-31' },
    ]);
    expect((await app.request.get(`${API}/posgenerici/G03/modelliFisici`)).body).toEqual(res.body);
  });

  it("PUT with a 4-digit bank code answers the field's own message 'Campo numerico'", async () => {
    const res = await app.request.put(`${API}/posgenerici/G03/modelliFisici`).set('If-Match', await etagOf(app.request, `${API}/posgenerici/G03/modelliFisici`)).send([{ codAbi: '1234', modelloFisico: '101' }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: '0.codAbi', message: 'Campo numerico' }));
  });

  it('PUT reports a schema error and a reference error of the same list with the same field path form', async () => {
    const schema = await app.request.put(`${API}/posgenerici/G03/modelliFisici`).set('If-Match', await etagOf(app.request, `${API}/posgenerici/G03/modelliFisici`)).send([{ codAbi: '1234', modelloFisico: '101' }]);
    const reference = await app.request.put(`${API}/posgenerici/G03/modelliFisici`).set('If-Match', await etagOf(app.request, `${API}/posgenerici/G03/modelliFisici`)).send([{ codAbi: '00000', modelloFisico: 'QQQ' }]);
    expect(reference.status).toBe(400);
    expect(reference.body.details).toEqual([{ field: expect.any(String), message: 'Modello fisico inesistente' }]);
    const prefixOf = (field: string) => field.slice(0, field.indexOf('0.'));
    expect(prefixOf(reference.body.details[0].field)).toBe(prefixOf(schema.body.details[0].field));
  });
});

describe('gruppi (list and get only)', () => {
  it('lists the groups, the banks\' included, with the description wildcard filter', async () => {
    const res = await app.request.get(`${API}/gruppi?description=federazione`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [{ groupName: '15000', description: 'Federazione banche', groupType: 'S', parentGroup: '11000', _labels: { parentGroup: '11000 - Acquirer - gruppo centrale' } }], totalCount: 1 });
    const all = await app.request.get(`${API}/gruppi?format=compact`);
    expect(all.body.results).toContainEqual({ groupName: '30480', description: 'BCC di Esempio' });
  });

  it('gets one group; an unknown one is 404', async () => {
    expect((await app.request.get(`${API}/gruppi/99999`)).body).toEqual({ groupName: '99999', description: 'Aggregato push', groupType: 'P', parentGroup: '11000', _labels: { parentGroup: '11000 - Acquirer - gruppo centrale' } });
    expect((await app.request.get(`${API}/gruppi/12121`)).body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
  });

  it("has no create: POST /gruppi is 'Servizio inesistente'", async () => {
    const res = await app.request.post(`${API}/gruppi`).send({ groupName: 'X' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Servizio inesistente', code: 'ROUTE_NOT_FOUND', details: [] });
  });
});
