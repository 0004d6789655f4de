/**
 * A partial unique rule on the fixture (docs/spec-language.md#partial-unique-rules): one open complaint (stato A)
 * per bank and subject, `tests/fixtures/spec/catalogo/reclamo.yaml`. The database keeps it: a create or an update
 * that would make a second open one is refused 409 with the spec's message on `oggetto`, whatever the order the
 * saves arrive in; closed complaints and other banks repeat the subject freely. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let sede: TestApp['request'];
const URL = `${API}/reclami`;
const MESSAGE = 'Per questa banca è già aperto un reclamo con lo stesso oggetto';
const REFUSED = { code: 'DUPLICATE_KEY', errorMessage: MESSAGE, details: [{ field: 'oggetto', message: MESSAGE }] };

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
});
afterAll(() => app.close());

const open = (oggetto: string, codAbi = '10001') => sede.post(URL).send({ codAbi, oggetto });
const openCount = async (oggetto: string) => (await app.db('reclamo').where({ oggetto, stato: 'A' })).length;

describe('one open complaint per bank and subject', () => {
  it('a second open one is refused 409 with the message on its field, nothing saved', async () => {
    expect((await open('Carta trattenuta')).status).toBe(201);
    const again = await open('Carta trattenuta');
    expect(again.status).toBe(409);
    expect(again.body).toEqual(REFUSED);
    expect(await openCount('Carta trattenuta')).toBe(1);
  });

  it('another bank, or the same bank once the first is closed, may open it again', async () => {
    const first = await open('Bonifico non arrivato');
    expect((await app.request.post(URL).send({ codAbi: '20002', oggetto: 'Bonifico non arrivato' })).status).toBe(201);
    expect((await sede.post(`${URL}/${first.body.id}/chiudi`)).status).toBe(200);
    expect((await open('Bonifico non arrivato')).status).toBe(201);
    expect((await app.db('reclamo').where({ cod_abi: '10001', oggetto: 'Bonifico non arrivato' }).select('stato')).map((r) => r.stato).sort()).toEqual(['A', 'C']);
  });

  it('an update onto the subject of another open complaint is refused the same way', async () => {
    expect((await open('Addebito non riconosciuto')).status).toBe(201);
    const other = await open('Commissione errata');
    const read = await sede.get(`${URL}/${other.body.id}`);
    const change = await sede.put(`${URL}/${other.body.id}`).set('If-Match', read.headers.etag).send({ codAbi: '10001', oggetto: 'Addebito non riconosciuto' });
    expect(change.status).toBe(409);
    expect(change.body).toEqual(REFUSED);
    expect((await sede.get(`${URL}/${other.body.id}`)).body.oggetto).toBe('Commissione errata');
  });

  it('six creates sent at once: exactly one 201, five 409 with the message, one open row', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => open('POS guasto')));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refusal of answers.filter((a) => a.status === 409)) expect(refusal.body).toEqual(REFUSED);
    expect(await openCount('POS guasto')).toBe(1);
  });
});
