/**
 * How a request finds its operation (server/http/operation-routes.ts): what no operation takes is 404
 * 'Servizio inesistente' before any other check, a fixed path wins over a parameter in its place, and
 * authorization comes before the request check, so a caller without the right learns nothing of the shape.
 * On the fixture's articles (tests/fixtures/README.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

const NOT_FOUND = { errorMessage: 'Servizio inesistente', code: 'ROUTE_NOT_FOUND', details: [] };

let app: TestApp;
beforeAll(async () => { app = await createFixtureApp(); });
afterAll(() => app.close());

describe('operation routes', () => {
  it('HEAD and OPTIONS, which the document never declares, are 404 without listing the methods', async () => {
    const head = await app.request.head(`${API}/articoli/ALFA01`);
    expect(head.status).toBe(404);
    const options = await app.request.options(`${API}/articoli/ALFA01`);
    expect(options.status).toBe(404);
    expect(options.body).toEqual(NOT_FOUND);
    expect(options.headers.allow).toBeUndefined();
  });

  it('a path parameter that is not valid percent-encoding is 404, not a 500', async () => {
    const res = await app.request.get(`${API}/articoli/%E0%A4%A`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('a fixed path is matched before a parameter in its place: POST /articoli/esportazioni queues an export', async () => {
    const res = await app.request.post(`${API}/articoli/esportazioni?formato=csv&codAbi=10001`);
    expect(res.status).toBe(202);
  });

  it('an anonymous caller gets 401 and one without the permission 403, whatever the body, before its check', async () => {
    const invalid = { codice: 'not a code', unknownField: true };
    const anonymous = await app.anonymous.post(`${API}/articoli`).set('X-Requested-With', 'XMLHttpRequest').send(invalid);
    expect(anonymous.status).toBe(401);
    const branch = await app.loginAs('filiale.10001');
    const forbidden = await branch.post(`${API}/articoli`).send(invalid);
    expect(forbidden.status).toBe(403);
    expect((await app.request.post(`${API}/articoli`).send(invalid)).status).toBe(400);
  });
});
